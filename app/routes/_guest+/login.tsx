import { type FormMetadata, getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, PasswordField, SubmitButton, TextField } from "~/components/forms";
import { NoAccountHelp } from "~/components/no-account-help";
import { authenticator, FormRejected, handOffQuery, requireGuest, signIn } from "~/infra/auth.server";
import { getConfig } from "~/infra/config.server";
import { legacyErrorReply } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import { refusalHeaders, retryAfter, takeAttempt } from "~/infra/rate-limit.server";
import { startedByAnotherSite } from "~/infra/same-origin.server";
import { destroySession, readSession } from "~/infra/session.server";
import { LegacyError } from "~/legacy/request.server";
import { employeeLoginSchema, getZodConstraint, loginSchema, parseWithZod } from "~/lib/forms/schemas.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";
import { useZodForm } from "~/lib/use-zod-form";

export const meta = pageTitle("guest:auth.submit");
/** A refusal's Retry-After reaches the browser (a form posted without JavaScript included). */
export const headers = refusalHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Spec §2: /login with encrypted parameters (a code, an e-mail, …) clears the session and hands
  // them to /welcome, which signs in with them; sent by another site, a signed-in learner keeps the
  // session until /welcome asks (a link must not log anyone out).
  const query = handOffQuery(url);
  if (query) {
    if (startedByAnotherSite(request) && (await readSession(request))) throw redirect(`/welcome?${query}`);
    throw redirect(`/welcome?${query}`, { headers: { "Set-Cookie": await destroySession() } });
  }
  await requireGuest(request);
  const mode = getConfig().LOGIN_MODE;
  return { mode, constraint: getZodConstraint(mode === "employee" ? employeeLoginSchema : loginSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  const mode = getConfig().LOGIN_MODE;
  const hideFields = ["password"];
  const formData = await request.clone().formData();
  const account = String(formData.get("email") ?? "");
  const submission = () => parseWithZod(formData, { schema: mode === "employee" ? employeeLoginSchema : loginSchema });
  const attempt = await takeAttempt(request, "login", account);
  if (attempt.blockedFor) {
    const t = await getFixedT(request);
    const reply = submission().reply({ formErrors: [t("errors.tooMany")], hideFields });
    return data(reply, { status: 429, headers: retryAfter(attempt.blockedFor) });
  }
  try {
    const result = await authenticator.authenticate(mode, request);
    await attempt.refund();
    return await signIn(request, result);
  } catch (error) {
    // Only a refusal is a guess that counts: not a form the server never sent on, nor an API that
    // did not answer.
    if (!(error instanceof LegacyError && error.kind !== "unavailable")) await attempt.refund();
    if (error instanceof FormRejected) return data(error.reply, { status: 400 });
    const t = await getFixedT(request);
    return data(legacyErrorReply(error, submission().reply, t, request, { hideFields }), { status: 400 });
  }
}

export default function Login() {
  const { mode } = useLoaderData<typeof loader>();
  return mode === "employee" ? <EmployeeLogin /> : <PasswordLogin />;
}

function PasswordLogin() {
  const { t } = useTranslation();
  const { constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(() => import("~/lib/forms/auth").then((forms) => forms.loginSchema), {
    id: "login",
    constraint,
    lastResult,
  });
  return (
    <LoginFrame form={form} withRecovery>
      <TextField
        field={fields.email}
        label={t("guest:auth.userLabel")}
        dash
        inputProps={{ placeholder: t("guest:auth.userPlaceholder"), autoComplete: "username", autoCapitalize: "none" }}
      />
      <PasswordField
        field={fields.password}
        label={t("guest:auth.passwordLabel")}
        dash
        inputProps={{ placeholder: t("guest:auth.passwordPlaceholder"), autoComplete: "current-password" }}
      />
    </LoginFrame>
  );
}

function EmployeeLogin() {
  const { t } = useTranslation();
  const { constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(() => import("~/lib/forms/auth").then((forms) => forms.employeeLoginSchema), {
    id: "login-employee",
    constraint,
    lastResult,
  });
  return (
    <LoginFrame form={form}>
      <TextField
        field={fields.email}
        label={t("guest:auth.employeeLabel")}
        dash
        inputProps={{ placeholder: t("guest:auth.employeePlaceholder"), inputMode: "numeric", autoComplete: "username" }}
      />
    </LoginFrame>
  );
}

/** What both login variants of spec §2 share: title, form-level error, button, help. */
function LoginFrame<Schema extends Record<string, unknown>>({
  form,
  withRecovery = false,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  withRecovery?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main id="main" className="page page-narrow auth-page">
      <h1>{t("guest:auth.loginTitle")}</h1>
      <Form method="post" {...getFormProps(form)} className="stack">
        {children}
        <FormError errors={form.errors} />
        <SubmitButton busyText={t("guest:auth.submitting")}>{t("guest:auth.submit")}</SubmitButton>
      </Form>
      {withRecovery ? (
        <p>
          <Link to="/recovery">{t("guest:auth.forgotPassword")}</Link>
        </p>
      ) : null}
      <NoAccountHelp />
    </main>
  );
}
