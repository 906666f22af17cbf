import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { DialogErrorBoundary } from "~/components/dialog-error-boundary";
import { FieldError, FormError, SelectField, SubmitButton } from "~/components/forms";
import { DialogSuccess, RouteDialog, useCloseAfter } from "~/components/route-dialog";
import { requireUser } from "~/infra/auth.server";
import { legacyErrorReply } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import { savedInDialog } from "~/infra/toast.server";
import { getLanguages } from "~/legacy/languages.server";
import { saveLanguages } from "~/legacy/user.server";
import { LANGUAGE_LEVELS, LANGUAGE_OPTIONS } from "~/lib/forms/options";
import { getZodConstraint, languagesSchema, parseWithZod } from "~/lib/forms/schemas.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useZodForm } from "~/lib/use-zod-form";
import type { loader as profileLoader } from "./_layout";

/**
 * The languages dialog (spec §5 'Languages'): a row per language, added only while there are
 * fewer rows than options, each removable; saved as JSON text through `POST /user/languages`.
 * Adding and removing rows are conform intents, so they also work without JavaScript.
 * Spec §3 gives a user's language only by name; the catalogue (cached) tells its ISO code, so a
 * row the legacy API sends without `iso_code` still opens with its language chosen.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const languages = await getLanguages(ctx).catch(() => []);
  const codes: Record<string, string> = {};
  for (const language of languages) {
    codes[language.name.toLocaleLowerCase("es")] = language.isoCode;
    codes[language.nativeName.toLocaleLowerCase("es")] = language.isoCode;
  }
  return { codes, constraint: getZodConstraint(languagesSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: languagesSchema });
  // A row added or removed without JavaScript comes back with no status: show the new list.
  if (submission.status === undefined) return { result: submission.reply(), message: null };
  if (submission.status !== "success") return data({ result: submission.reply(), message: null }, { status: 400 });
  const t = await getFixedT(request);
  try {
    const reply = await saveLanguages(ctx, submission.value.languages);
    return await savedInDialog(request, "/profile", {
      result: submission.reply(),
      message: reply.message || t("server:profile.savedMany"),
    });
  } catch (error) {
    return data({ result: legacyErrorReply(error, submission.reply, t, request), message: null }, { status: 400 });
  }
}

export default function LanguagesDialog() {
  const profile = useRouteLoaderData<typeof profileLoader>("routes/_app+/profile+/_page+/_layout");
  const { codes, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useCloseAfter(Boolean(actionData?.message), "/profile");
  const { t } = useTranslation("profile");
  const [form, fields] = useZodForm(() => import("~/lib/forms/profile").then((forms) => forms.languagesSchema), {
    id: "languages",
    constraint,
    lastResult: actionData?.result,
    defaultValue: {
      languages: (profile?.languages ?? []).map((row) => ({
        language: row.isoCode ?? codes[row.name.toLocaleLowerCase("es")] ?? "",
        level: row.proficiency,
      })),
    },
  });
  const rows = fields.languages.getFieldList();
  return (
    <RouteDialog title={t("languagesForm.title")} closeTo="/profile">
      {actionData?.message ? (
        <DialogSuccess message={actionData.message} closeTo="/profile" />
      ) : (
        <Form method="post" {...getFormProps(form)} className="stack">
          {rows.length === 0 ? <p>{t("languagesForm.empty")}</p> : null}
          {rows.map((row, index) => {
            const cells = row.getFieldset();
            return (
              // No group legend: the fields' own labels carry the row's number, said once each.
              <div key={row.key} className="language-row">
                <SelectField
                  field={cells.language}
                  label={t("languagesForm.language", { n: index + 1 })}
                  placeholder={t("languagesForm.choose")}
                  options={LANGUAGE_OPTIONS.map((option) => ({ value: option, label: t(`options.${option}`) }))}
                />
                <SelectField
                  field={cells.level}
                  label={t("languagesForm.level", { n: index + 1 })}
                  placeholder={t("languagesForm.choose")}
                  options={LANGUAGE_LEVELS.map((level) => ({ value: level, label: t(`levels.${level}`) }))}
                />
                <button
                  className="button button-small language-remove"
                  {...form.remove.getButtonProps({ name: fields.languages.name, index })}
                >
                  {t("languagesForm.remove", { n: index + 1 })}
                </button>
              </div>
            );
          })}
          <FieldError id={fields.languages.errorId} errors={fields.languages.errors} />
          {rows.length < LANGUAGE_OPTIONS.length ? (
            <button className="button" {...form.insert.getButtonProps({ name: fields.languages.name })}>
              {t("languagesForm.add")}
            </button>
          ) : null}
          <FormError errors={form.errors} />
          <SubmitButton busyText={t("saving")}>{t("languagesForm.save")}</SubmitButton>
        </Form>
      )}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary closeTo="/profile" />;
}
