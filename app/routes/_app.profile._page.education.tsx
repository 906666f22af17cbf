import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { FormError, SubmitButton, TextField } from "~/components/forms";
import { SavedStep } from "~/components/profile-dialog";
import { RouteDialog } from "~/components/route-dialog";
import { requireUser } from "~/lib/auth.server";
import { legacyErrorReply } from "~/lib/form-errors.server";
import { educationSchema } from "~/lib/forms/profile";
import { getFixedT } from "~/lib/i18next.server";
import { getUniversities } from "~/lib/legacy/general.server";
import { saveUniversity } from "~/lib/legacy/user.server";
import { useZodForm } from "~/lib/use-zod-form";
import type { loader as profileLoader } from "./_app.profile._page";

/** The education dialog (spec §5 'Education'): `POST /user/university`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const universities = await getUniversities(ctx).catch(() => []);
  return { universities: universities.map((university) => university.name) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: educationSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), message: null }, { status: 400 });
  const t = await getFixedT(request);
  try {
    const reply = await saveUniversity(ctx, submission.value);
    return { result: submission.reply(), message: reply.message || t("profile:saved") };
  } catch (error) {
    return data({ result: legacyErrorReply(error, submission.reply, t), message: null }, { status: 400 });
  }
}

export default function EducationDialog() {
  const { universities } = useLoaderData<typeof loader>();
  const profile = useRouteLoaderData<typeof profileLoader>("routes/_app.profile._page");
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("profile");
  const current = profile?.university;
  const [form, fields] = useZodForm(educationSchema, {
    id: "education",
    lastResult: actionData?.result,
    defaultValue: current ? { university: current.name, acronym: current.acronym, degree: current.degree } : undefined,
  });
  return (
    <RouteDialog title={t("educationForm.title")} closeTo="/profile">
      {actionData?.message ? (
        <SavedStep message={actionData.message} />
      ) : (
        <Form method="post" {...getFormProps(form)} className="stack">
          <TextField
            field={fields.university}
            label={t("educationForm.university")}
            inputProps={{ list: "universities", autoComplete: "organization" }}
          />
          <datalist id="universities">
            {universities.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <TextField field={fields.acronym} label={t("educationForm.acronym")} />
          <TextField field={fields.degree} label={t("educationForm.degree")} />
          <FormError errors={form.errors} />
          <SubmitButton busyText={t("saving")}>{t("educationForm.save")}</SubmitButton>
        </Form>
      )}
    </RouteDialog>
  );
}
