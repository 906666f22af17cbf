import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { DialogErrorBoundary } from "~/components/dialog-error-boundary";
import { FormError, SubmitButton, TextField } from "~/components/forms";
import { DialogSuccess, RouteDialog, useCloseAfter } from "~/components/route-dialog";
import { requireUser } from "~/infra/auth.server";
import { legacyErrorReply } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import { savedInDialog } from "~/infra/toast.server";
import { getUniversities } from "~/legacy/general.server";
import { saveUniversity } from "~/legacy/user.server";
import { educationSchema, getZodConstraint, parseWithZod } from "~/lib/forms/schemas.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useZodForm } from "~/lib/use-zod-form";
import type { loader as profileLoader } from "./_layout";

/** The education dialog (spec §5 'Education'): `POST /user/university`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const universities = await getUniversities(ctx).catch(() => []);
  return { universities: universities.map((university) => university.name), constraint: getZodConstraint(educationSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: educationSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), message: null }, { status: 400 });
  const t = await getFixedT(request);
  try {
    const reply = await saveUniversity(ctx, submission.value);
    return await savedInDialog(request, "/profile", {
      result: submission.reply(),
      message: reply.message || t("server:profile.saved"),
    });
  } catch (error) {
    return data({ result: legacyErrorReply(error, submission.reply, t, request), message: null }, { status: 400 });
  }
}

export default function EducationDialog() {
  const { universities, constraint } = useLoaderData<typeof loader>();
  const profile = useRouteLoaderData<typeof profileLoader>("routes/_app+/profile+/_page+/_layout");
  const actionData = useActionData<typeof action>();
  useCloseAfter(Boolean(actionData?.message), "/profile");
  const { t } = useTranslation("profile");
  const current = profile?.university;
  const [form, fields] = useZodForm(() => import("~/lib/forms/profile").then((forms) => forms.educationSchema), {
    id: "education",
    constraint,
    lastResult: actionData?.result,
    defaultValue: current ? { university: current.name, acronym: current.acronym, degree: current.degree } : undefined,
  });
  return (
    <RouteDialog title={t("educationForm.title")} closeTo="/profile">
      {actionData?.message ? (
        <DialogSuccess message={actionData.message} closeTo="/profile" />
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

export function ErrorBoundary() {
  return <DialogErrorBoundary closeTo="/profile" />;
}
