import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ComingSoon } from "~/components/coming-soon";
import { DialogErrorBoundary } from "~/components/dialog-error-boundary";
import { FieldError, FormError, SubmitButton } from "~/components/forms";
import { DialogSuccess, RouteDialog } from "~/components/route-dialog";
import { titleCase } from "~/domain/names";
import { getFixedT } from "~/infra/language.server";
import { getTeam, removeTeamMember } from "~/legacy/leader.server";
import { getZodConstraint, parseWithZod, teamMemberSchema } from "~/lib/forms/schemas.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useZodForm } from "~/lib/use-zod-form";
import { leaderErrorReply, requireLeader, unlessMissing } from "./leader.server";

/**
 * Removing a team member (spec §2): confirm ('confirm remove' modal), then the removal notice, a
 * message the leader dismisses. NOTE: once removed, the member is no longer in the team, so the
 * loader answers `member: null` instead of a 404 (it runs again right after the action).
 */
const CLOSE_TO = "/profile_auditor";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireLeader(request);
  const team = await unlessMissing(getTeam(ctx));
  const member = team?.find((item) => String(item.id) === params.member);
  return {
    available: team !== null,
    member: member ? { id: member.id, name: titleCase(member.name) } : null,
    constraint: getZodConstraint(teamMemberSchema),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireLeader(request);
  const submission = parseWithZod(await request.formData(), { schema: teamMemberSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), removed: "" }, { status: 400 });
  const t = await getFixedT(request);
  try {
    const reply = await removeTeamMember(ctx, submission.value.user_id);
    return { result: submission.reply({ resetForm: true }), removed: reply.message || t("server:leader.removed") };
  } catch (error) {
    return data({ result: leaderErrorReply(error, submission.reply, t, request), removed: "" }, { status: 400 });
  }
}

export default function RemoveTeamMember() {
  const { available, member, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("leader");
  const removed = actionData?.removed ?? "";
  const [form, fields] = useZodForm(() => import("~/lib/forms/leader").then((forms) => forms.teamMemberSchema), {
    id: "team-remove",
    constraint,
    lastResult: actionData?.result,
  });
  return (
    <RouteDialog title={t("removeTitle")} closeTo={CLOSE_TO}>
      {removed ? (
        <DialogSuccess message={removed} closeTo={CLOSE_TO} closeText={t("accept")} />
      ) : !available ? (
        <ComingSoon />
      ) : !member ? (
        <p className="empty-state">{t("notInTeam")}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="stack confirm-step">
          <input type="hidden" name="user_id" value={member.id} />
          <p className="confirm-title">
            <strong>{t("confirmRemove.title", { name: member.name })}</strong>
          </p>
          <p>{t("confirmRemove.text")}</p>
          <FieldError id={fields.user_id.errorId} errors={fields.user_id.errors} />
          <FormError errors={form.errors} />
          <div className="button-row">
            <Link to={CLOSE_TO} preventScrollReset className="button">
              {t("confirmRemove.no")}
            </Link>
            <SubmitButton>{t("confirmRemove.yes")}</SubmitButton>
          </div>
        </Form>
      )}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary closeTo={CLOSE_TO} />;
}
