import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, Honeypot, SubmitButton, TextField } from "~/components/forms";
import { requireGuest } from "~/infra/auth.server";
import { legacyErrorReply } from "~/infra/form-errors.server";
import { getFixedT, getLocale } from "~/infra/language.server";
import { refusalHeaders, retryAfter, takeAttempt } from "~/infra/rate-limit.server";
import { requestPasswordReset } from "~/legacy/auth.server";
import { getZodConstraint, parseWithZod, recoveryRequestSchema } from "~/lib/forms/schemas.server";
import { honeypotFilled } from "~/lib/honeypot";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";
import { useZodForm } from "~/lib/use-zod-form";

// A leaf route (`recovery_`), not an index one: an index route's forms post to `/recovery?index`,
// which then stayed in the address bar.
export const meta = pageTitle("guest:recovery.title");
/** A refusal's Retry-After reaches the browser (a form posted without JavaScript included). */
export const headers = refusalHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  return { constraint: getZodConstraint(recoveryRequestSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: recoveryRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  // A filled honeypot is a bot: it sees the usual success and nothing is sent.
  if (honeypotFilled(formData)) return { result: submission.reply(), sentTo: submission.value.email };
  const attempt = await takeAttempt(request, "recovery", submission.value.email);
  const t = await getFixedT(request);
  if (attempt.blockedFor) {
    const result = submission.reply({ formErrors: [t("errors.tooMany")] });
    return data({ result, sentTo: null }, { status: 429, headers: retryAfter(attempt.blockedFor) });
  }
  // Past 5 e-mails an hour to one address nothing more is sent, with the usual reply: an inbox
  // cannot be flooded, and the form does not tell the sender that a limit was reached.
  if (attempt.quiet) return { result: submission.reply(), sentTo: submission.value.email };
  try {
    const reply = await requestPasswordReset({ locale: await getLocale(request) }, submission.value);
    return { result: submission.reply(), sentTo: reply.email };
  } catch (error) {
    return data({ result: legacyErrorReply(error, submission.reply, t, request), sentTo: null }, { status: 400 });
  }
}

export default function RecoveryRequest() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const sentTo = actionData?.sentTo ?? null;
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(() => import("~/lib/forms/auth").then((forms) => forms.recoveryRequestSchema), {
    id: "recovery",
    constraint,
    lastResult: actionData?.result,
  });
  return (
    <main id="main" className="page page-narrow auth-page">
      <h1>{t("guest:recovery.title")}</h1>
      <Form method="post" {...getFormProps(form)} className="stack">
        <TextField
          field={fields.email}
          label={t("guest:recovery.emailLabel")}
          type="email"
          dash
          inputProps={{ autoComplete: "email", ...(sentTo ? { disabled: true } : {}) }}
        />
        <Honeypot />
        <FormError errors={form.errors} />
        {sentTo ? (
          <p className="form-success" role="status">
            {t("guest:recovery.sent", { email: sentTo })}
          </p>
        ) : (
          <SubmitButton>{t("guest:recovery.submit")}</SubmitButton>
        )}
      </Form>
      <p>
        <Link to="/login">{t("guest:recovery.toLogin")}</Link>
      </p>
    </main>
  );
}
