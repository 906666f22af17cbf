import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { ComingSoon } from "~/components/coming-soon";
import { DialogErrorBoundary } from "~/components/dialog-error-boundary";
import { FieldError, FormError, SubmitButton } from "~/components/forms";
import { DialogSuccess, RouteDialog, useCloseAfter } from "~/components/route-dialog";
import { titleCase } from "~/domain/names";
import { userMessage } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import { addTeamMember, searchTeamCandidates } from "~/legacy/leader.server";
import type { LegacyContext } from "~/legacy/request.server";
import { getZodConstraint, parseWithZod, teamMemberSchema, teamSearchSchema } from "~/lib/forms/schemas.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useZodForm } from "~/lib/use-zod-form";
import { leaderErrorReply, requireLeader, unlessMissing } from "./leader.server";

/**
 * 'Agregar persona al equipo' (spec §2, §5): search by the exact code, pick a result, confirm
 * ('confirm add' modal), add. Each step is a POST answered by the server, so it works without JS.
 * NOTE: not a GET search: any query on a signed-in page reads as an SSO hand-off (auth guard).
 */
const CLOSE_TO = "/profile_auditor";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireLeader(request);
  return { constraint: getZodConstraint(teamMemberSchema) };
}

type Candidate = { id: number; code: string; name: string; photoUrl: string | null; workPosition: string; inTeam: boolean };

/** Spec §5: an exact match on the code; an empty search finds nobody (and needs no call). */
async function search(ctx: LegacyContext, code: string): Promise<Candidate[] | null> {
  const found = code ? await unlessMissing(searchTeamCandidates(ctx, code)) : [];
  return (
    found?.map((user) => ({
      id: user.id,
      code: user.code,
      name: titleCase(user.name),
      photoUrl: user.photoUrl,
      workPosition: user.workPosition,
      inTeam: user.inTeam,
    })) ?? null
  );
}

type Step =
  | { step: "results"; code: string; candidates: Candidate[] | null; errors?: string[]; codeErrors?: string[] }
  | { step: "confirm"; code: string; candidate: Pick<Candidate, "id" | "name">; result?: SubmissionResult<string[]> }
  | { step: "added"; message: string };

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireLeader(request);
  const form = await request.formData();
  const searched = teamSearchSchema.safeParse({ code: form.get("code") ?? "" });
  if (!searched.success) {
    const codeErrors = searched.error.issues.map((issue) => issue.message);
    const typed = String(form.get("code") ?? "");
    return data({ step: "results", code: typed, candidates: [], codeErrors } satisfies Step, { status: 400 });
  }
  const { code } = searched.data;
  const intent = form.get("intent");
  const submission = parseWithZod(form, { schema: teamMemberSchema });
  // The person always comes from the search run here again, never from what the browser sent:
  // someone the exact code finds and who is not in the team yet.
  const pick = (candidates: Candidate[] | null) =>
    submission.status === "success"
      ? candidates?.find((item) => item.id === submission.value.user_id && !item.inTeam)
      : undefined;

  if (intent === "add") {
    const t = await getFixedT(request);
    let chosen: Candidate | undefined;
    try {
      const candidates = await search(ctx, code);
      chosen = pick(candidates);
      if (!chosen) {
        const errors = candidates ? [t("server:leader.search.notAvailable")] : undefined;
        return data({ step: "results", code, candidates, errors } satisfies Step, { status: 409 });
      }
      const reply = await addTeamMember(ctx, chosen.id);
      return { step: "added", message: reply.message || t("server:leader.added") } satisfies Step;
    } catch (error) {
      const result = leaderErrorReply(error, submission.reply, t, request);
      if (chosen) {
        const candidate = { id: chosen.id, name: chosen.name };
        return data({ step: "confirm", code, candidate, result } satisfies Step, { status: 400 });
      }
      return data({ step: "results", code, candidates: [], errors: result.error?.[""] ?? undefined } satisfies Step, {
        status: 400,
      });
    }
  }
  let candidates: Candidate[] | null;
  try {
    candidates = await search(ctx, code);
  } catch (error) {
    const t = await getFixedT(request);
    return data({ step: "results", code, candidates: [], errors: userMessage(error, t, request) } satisfies Step, {
      status: 400,
    });
  }
  const chosen = pick(candidates);
  if (intent === "confirm" && chosen)
    return { step: "confirm", code, candidate: { id: chosen.id, name: chosen.name } } satisfies Step;
  return { step: "results", code, candidates } satisfies Step;
}

export default function AddTeamMember() {
  const actionData = useActionData<typeof action>() as Step | undefined;
  const { t } = useTranslation("leader");
  useCloseAfter(actionData?.step === "added", CLOSE_TO);
  return (
    <RouteDialog title={t("addPerson")} closeTo={CLOSE_TO}>
      {actionData?.step === "added" ? (
        <DialogSuccess message={actionData.message} closeTo={CLOSE_TO} />
      ) : actionData?.step === "confirm" ? (
        <ConfirmAdd code={actionData.code} candidate={actionData.candidate} lastResult={actionData.result} />
      ) : (
        <div className="stack">
          <Form method="post" className="stack team-search" role="search">
            <div className="field">
              <label htmlFor="team-code">{t("search.code")}</label>
              <input
                id="team-code"
                name="code"
                type="search"
                defaultValue={actionData?.code ?? ""}
                autoComplete="off"
                aria-describedby={actionData?.codeErrors ? "team-code-hint team-code-error" : "team-code-hint"}
                aria-invalid={actionData?.codeErrors ? true : undefined}
              />
              <p id="team-code-hint" className="leader-muted">
                {t("search.hint")}
              </p>
              <FieldError id="team-code-error" errors={actionData?.codeErrors} />
            </div>
            <SubmitButton>{t("search.submit")}</SubmitButton>
          </Form>
          {actionData?.errors ? <FormError errors={actionData.errors} /> : null}
          {actionData && !actionData.codeErrors ? <Results code={actionData.code} candidates={actionData.candidates} /> : null}
        </div>
      )}
    </RouteDialog>
  );
}

function Results({ code, candidates }: { code: string; candidates: Candidate[] | null }) {
  const { t } = useTranslation("leader");
  if (candidates === null) {
    return <ComingSoon />;
  }
  if (candidates.length === 0) {
    return (
      <p className="empty-state" role="status">
        {t("search.noResults")}
      </p>
    );
  }
  return (
    <ul className="card-list" aria-label={t("search.results")}>
      {candidates.map((candidate) => (
        <li key={candidate.id} className="candidate">
          <Avatar url={candidate.photoUrl} name={candidate.name} size={40} />
          <div className="team-member-who">
            <p className="candidate-name">{candidate.name}</p>
            <p className="leader-muted">
              {[candidate.workPosition, t("code", { code: candidate.code })].filter(Boolean).join(" · ")}
            </p>
          </div>
          {candidate.inTeam ? (
            <span className="status status-finished">{t("search.inTeam")}</span>
          ) : (
            <Form method="post">
              <input type="hidden" name="code" value={code} />
              <input type="hidden" name="user_id" value={candidate.id} />
              <button
                type="submit"
                name="intent"
                value="confirm"
                className="button-small"
                aria-label={t("search.addLabel", { name: candidate.name })}
              >
                {t("search.add")}
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

function ConfirmAdd({
  code,
  candidate,
  lastResult,
}: {
  code: string;
  candidate: Pick<Candidate, "id" | "name">;
  lastResult?: Parameters<typeof useZodForm>[1]["lastResult"];
}) {
  const { t } = useTranslation("leader");
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(() => import("~/lib/forms/leader").then((forms) => forms.teamMemberSchema), {
    id: "team-add",
    constraint,
    lastResult,
  });
  const sending = useNavigation().state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="stack confirm-step">
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name="user_id" value={candidate.id} />
      <p className="confirm-title">
        <strong>{t("confirmAdd.title", { name: candidate.name })}</strong>
      </p>
      <p>{t("confirmAdd.text")}</p>
      <FieldError id={fields.user_id.errorId} errors={fields.user_id.errors} />
      <FormError errors={form.errors} />
      <div className="button-row">
        <button type="submit" name="intent" value="search" className="button" formNoValidate disabled={sending}>
          {t("confirmAdd.no")}
        </button>
        <button type="submit" name="intent" value="add" className="button button-primary" disabled={sending} aria-busy={sending}>
          {t("confirmAdd.yes")}
        </button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary closeTo={CLOSE_TO} />;
}
