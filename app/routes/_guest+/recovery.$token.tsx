import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, PasswordField, SubmitButton } from "~/components/forms";
import { requireGuest, signIn } from "~/infra/auth.server";
import { legacyErrorReply } from "~/infra/form-errors.server";
import { getFixedT, getLocale } from "~/infra/language.server";
import { unavailable } from "~/infra/request-id.server";
import { assignNewPassword, verifyPasswordToken } from "~/legacy/auth.server";
import { LegacyError } from "~/legacy/request.server";
import { getZodConstraint, newPasswordSchema, parseWithZod } from "~/lib/forms/schemas.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";
import { type FormConstraint, useZodForm } from "~/lib/use-zod-form";

export const meta = pageTitle("guest:recovery.title");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireGuest(request);
  const token = params.token ?? "";
  if (token.length < 6 || token.length > 64) return data({ email: null, token }, { status: 404 });
  try {
    const pending = await verifyPasswordToken({ locale: await getLocale(request) }, { token });
    return { email: pending.email, token: pending.token, constraint: getZodConstraint(newPasswordSchema) };
  } catch (error) {
    if (error instanceof LegacyError && error.kind !== "unavailable") {
      return data({ email: null, token }, { status: 404 });
    }
    throw error instanceof LegacyError ? unavailable(request) : error;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  const submission = parseWithZod(await request.formData(), { schema: newPasswordSchema });
  const hideFields = ["password", "password_confirmation"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  try {
    const result = await assignNewPassword({ locale: await getLocale(request) }, submission.value);
    return await signIn(request, result);
  } catch (error) {
    const t = await getFixedT(request);
    return data(legacyErrorReply(error, submission.reply, t, request, { hideFields }), { status: 400 });
  }
}

export default function NewPassword() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (!page.email) {
    return (
      <main id="main" className="page page-narrow auth-page">
        <h1>{t("guest:recovery.title")}</h1>
        <p className="form-error" role="alert">
          {t("guest:recovery.expired")}
        </p>
        <p>
          <Link to="/login" className="button button-primary">
            {t("guest:recovery.expiredToLogin")}
          </Link>
        </p>
      </main>
    );
  }
  return <NewPasswordForm {...page} />;
}

function NewPasswordForm({ email, token, constraint }: { email: string; token: string; constraint: FormConstraint }) {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(() => import("~/lib/forms/auth").then((forms) => forms.newPasswordSchema), {
    id: "new-password",
    constraint,
    lastResult,
    defaultValue: { token },
  });
  return (
    <main id="main" className="page page-narrow auth-page">
      <h1>{t("guest:recovery.title")}</h1>
      <p>{t("guest:recovery.newTitle", { email })}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name={fields.token.name} value={token} />
        <FormError errors={fields.token.errors} />
        <PasswordField
          field={fields.password}
          label={t("guest:recovery.password")}
          dash
          inputProps={{ autoComplete: "new-password" }}
        />
        <PasswordField
          field={fields.password_confirmation}
          label={t("guest:recovery.confirmPassword")}
          dash
          inputProps={{ autoComplete: "new-password" }}
        />
        <FormError errors={form.errors} />
        <SubmitButton>{t("guest:recovery.continue")}</SubmitButton>
      </Form>
      <p>
        <Link to="/login">{t("guest:recovery.toLogin")}</Link>
      </p>
    </main>
  );
}
