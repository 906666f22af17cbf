import { type ActionFunctionArgs, data } from "@remix-run/node";
import { useActionData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { ContactForm } from "~/components/contact-form";
import { contactSchema, parseWithZod } from "~/lib/forms/schemas.server";
import { getFixedT, getLocale } from "~/lib/i18next.server";
import { legacyErrorReply } from "~/lib/form-errors.server";
import { honeypotFilled } from "~/lib/honeypot";
import { once } from "~/lib/idempotency.server";
import { sendContactComment } from "~/lib/legacy/help.server";
import type { loader as guestLoader } from "./_guest";
import { assertSameOrigin } from "~/lib/same-origin.server";
import { pageTitle } from "~/lib/page-title";

export const meta = pageTitle("guest.contactTitle");

/** The contact footer's action, for guests and signed-in users alike (`/contact/send_comment` is public). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return data({ sent: false as const, result: submission.reply() }, { status: 400 });
  }
  const { submission_id: submissionId, ...comment } = submission.value;
  if (honeypotFilled(formData)) {
    // A bot: it sees the usual success and nothing reaches the legacy API.
    const t = await getFixedT(request);
    return sentReply(t("contact.sent"), submission.reply({ resetForm: true }));
  }
  try {
    const locale = await getLocale(request);
    const message = await once(submissionId, () => sendContactComment({ locale }, comment));
    const t = await getFixedT(request);
    return sentReply(message || t("contact.sent"), submission.reply({ resetForm: true }));
  } catch (error) {
    const t = await getFixedT(request);
    return data({ sent: false as const, result: legacyErrorReply(error, submission.reply, t, request) }, { status: 400 });
  }
}

function sentReply<R>(message: string, result: R) {
  return { sent: true as const, message, nextSubmissionId: crypto.randomUUID(), result };
}

export default function Contact() {
  const layout = useRouteLoaderData<typeof guestLoader>("routes/_guest");
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <main id="main" className="page page-narrow">
      <h1>{t("guest.contactTitle")}</h1>
      <p>{t("guest.contactIntro")}</p>
      {layout ? <ContactForm {...layout.contact} pageReply={actionData} /> : null}
    </main>
  );
}
