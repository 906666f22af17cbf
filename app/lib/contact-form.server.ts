import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { legacyErrorReply } from "~/infra/form-errors.server";
import { once } from "~/infra/idempotency.server";
import { getFixedT, getLocale } from "~/infra/language.server";
import { assertSameOrigin } from "~/infra/same-origin.server";
import { sendContactComment } from "~/legacy/help.server";
import { contactSchema } from "./forms/help";
import { honeypotFilled } from "./honeypot";

/** What a page with the contact form (spec §4) gives it: a fresh submission id and the constraint attributes. */
export function contactFormData() {
  return { submissionId: crypto.randomUUID(), constraint: getZodConstraint(contactSchema) };
}

/**
 * The contact footer's action (spec §4), for guests and signed-in users alike
 * (`/contact/send_comment` is public): on /contact, and on home, where the footer posts without
 * JavaScript so a signed-in learner stays in the app.
 */
export async function contactAction(request: Request) {
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
