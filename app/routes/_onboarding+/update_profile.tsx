import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FieldError, FormError, SelectField, SubmitButton, TextField } from "~/components/forms";
import { LeaveDialog } from "~/components/leave-dialog";
import { requireUser } from "~/infra/auth.server";
import { legacyErrorReply, unlessAfterAction } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import { commitSession, sessionUserOf } from "~/infra/session.server";
import { redirectWithToast } from "~/infra/toast.server";
import { getUniversities, getWorkPositions } from "~/legacy/general.server";
import { getLanguages } from "~/legacy/languages.server";
import { getProfileInfo, updateProfileData } from "~/legacy/user.server";
import { LANGUAGE_LEVELS } from "~/lib/forms/options";
import { getZodConstraint, parseWithZod, profileSchema } from "~/lib/forms/schemas.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { stepMeta } from "~/lib/onboarding-steps";
import { useDirtyForm } from "~/lib/use-dirty-form";
import { useZodForm } from "~/lib/use-zod-form";

export const meta = stepMeta("profile");

/** The personalisation form of spec §5 'Profile', filled with what the legacy API already has. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  // After a failed save without JavaScript, what can be read comes back; the form keeps what was typed.
  const [user, positions, universities, languages] = await Promise.all([
    unlessAfterAction(request, ctx, getProfileInfo, null),
    unlessAfterAction(request, ctx, getWorkPositions, []),
    unlessAfterAction(request, ctx, getUniversities, []),
    unlessAfterAction(request, ctx, getLanguages, []),
  ]);
  const levelOf = (language: (typeof languages)[number]) =>
    user?.languages.find((item) => item.isoCode === language.isoCode || item.languageId === language.id)?.proficiency ?? "";
  return {
    positions,
    universities,
    languages: languages.map((language) => ({ isoCode: language.isoCode, name: language.name })),
    defaults: {
      full_name: user?.fullName ?? "",
      nickname: user?.nickname ?? "",
      work_position_id: user?.workPosition?.id,
      university_id: user?.university?.id ?? undefined,
      university: user?.university?.name ?? "",
      acronym: user?.university?.acronym ?? "",
      degree: user?.university?.degree ?? "",
      languages: languages.map((language) => ({ language: language.isoCode, level: levelOf(language) })),
    },
    constraint: getZodConstraint(profileSchema),
  };
}

/** Without JavaScript, a catalogue university fills the name and acronym left blank. */
function fillFromCatalogue(form: FormData, universities: Array<{ id: number; name: string; acronym: string }>) {
  const chosen = universities.find((university) => String(university.id) === form.get("university_id"));
  if (!chosen) return;
  if (!String(form.get("university") ?? "").trim()) form.set("university", chosen.name);
  if (!String(form.get("acronym") ?? "").trim()) form.set("acronym", chosen.acronym);
}

export async function action({ request }: ActionFunctionArgs) {
  const { session, ctx } = await requireUser(request);
  const [form, universities] = await Promise.all([request.formData(), getUniversities(ctx).catch(() => [])]);
  fillFromCatalogue(form, universities);
  const submission = parseWithZod(form, { schema: profileSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const t = await getFixedT(request);
  const profile = submission.value;
  try {
    const reply = await updateProfileData(ctx, {
      fullName: profile.full_name,
      nickname: profile.nickname,
      workPositionId: profile.work_position_id,
      universityId: profile.university_id,
      university: profile.university,
      acronym: profile.acronym,
      degree: profile.degree,
      languages: profile.languages,
    });
    // The header's name and avatar come from the session: it takes the saved user.
    const cookie = await commitSession({ ...session, user: sessionUserOf(reply.user) });
    return await redirectWithToast(
      "/user_loader",
      { type: "success", message: reply.message || t("server:onboarding.profile.saved") },
      { headers: { "Set-Cookie": cookie } },
    );
  } catch (error) {
    return data({ result: legacyErrorReply(error, submission.reply, t, request) }, { status: 400 });
  }
}

export default function UpdateProfile() {
  const { positions, universities, languages, defaults, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("onboarding");
  const [form, fields] = useZodForm(() => import("~/lib/forms/onboarding").then((forms) => forms.profileSchema), {
    id: "profile",
    constraint,
    lastResult: actionData?.result,
    defaultValue: defaults,
  });
  const rows = fields.languages.getFieldList();
  const blocker = useDirtyForm(form.id);

  /** Picking a catalogue university fills its name and acronym (they stay editable). */
  const chooseUniversity = (value: string) => {
    const university = universities.find((item) => String(item.id) === value);
    if (!university) return;
    form.update({ name: fields.university.name, value: university.name });
    form.update({ name: fields.acronym.name, value: university.acronym });
  };

  return (
    <>
      <h1>{t("onboarding:profile.title")}</h1>
      <p>{t("onboarding:profile.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <TextField field={fields.full_name} label={t("onboarding:profile.fullName")} />
        <TextField field={fields.nickname} label={t("onboarding:profile.nickname")} />
        <SelectField
          field={fields.work_position_id}
          label={t("onboarding:profile.workPosition")}
          placeholder={t("onboarding:profile.choose")}
          options={positions.map((position) => ({ value: position.id, label: position.name }))}
        />
        <div className="field">
          <label htmlFor={fields.university_id.id}>{t("onboarding:profile.universityChoice")}</label>
          <p id="university-hint" className="field-hint-note">
            {t("onboarding:profile.universityHint")}
          </p>
          <select
            {...getSelectProps(fields.university_id)}
            aria-describedby={[fields.university_id.errors ? fields.university_id.errorId : null, "university-hint"]
              .filter(Boolean)
              .join(" ")}
            onChange={(event) => chooseUniversity(event.currentTarget.value)}
          >
            <option value="">{t("onboarding:profile.choose")}</option>
            {universities.map((university) => (
              <option key={university.id} value={university.id}>
                {university.acronym ? `${university.name} (${university.acronym})` : university.name}
              </option>
            ))}
          </select>
          <FieldError id={fields.university_id.errorId} errors={fields.university_id.errors} />
        </div>
        <TextField field={fields.university} label={t("onboarding:profile.university")} />
        <TextField field={fields.acronym} label={t("onboarding:profile.acronym")} />
        <TextField field={fields.degree} label={t("onboarding:profile.degree")} />
        <fieldset className="stack">
          <legend>{t("onboarding:profile.languages")}</legend>
          {rows.map((row, index) => {
            const language = languages[index];
            if (!language) return null;
            const { language: languageField, level } = row.getFieldset();
            return (
              <div key={row.key} className="field">
                <input {...getInputProps(languageField, { type: "hidden" })} />
                <label htmlFor={level.id}>{t("onboarding:profile.languageLevel", { language: language.name })}</label>
                <select {...getSelectProps(level)}>
                  <option value="">{t("onboarding:profile.noLevel")}</option>
                  {LANGUAGE_LEVELS.map((proficiency) => (
                    <option key={proficiency} value={proficiency}>
                      {t(`profile.levels.${proficiency}`)}
                    </option>
                  ))}
                </select>
                <FieldError id={level.errorId} errors={level.errors ?? languageField.errors} />
              </div>
            );
          })}
          <FieldError id={fields.languages.errorId} errors={fields.languages.errors} />
        </fieldset>
        <FormError errors={form.errors} />
        <div className="button-row onboarding-actions">
          <Link to="/select_content_type" className="button">
            {t("onboarding:profile.back")}
          </Link>
          <SubmitButton>{t("onboarding:profile.save")}</SubmitButton>
        </div>
      </Form>
      <LeaveDialog blocker={blocker} />
    </>
  );
}
