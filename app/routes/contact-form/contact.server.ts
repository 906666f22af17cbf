import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { redirect } from "@remix-run/node";
import * as cookie from "cookie";
import { sealData, unsealData } from "iron-session";
import { getConfig } from "~/infra/config.server";
import { legacyErrorReply } from "~/infra/form-errors.server";
import { once } from "~/infra/idempotency.server";
import { getFixedT, getLocale } from "~/infra/language.server";
import { assertSameOrigin } from "~/infra/same-origin.server";
import { sendContactComment } from "~/legacy/help.server";
import { isTransient } from "~/legacy/request.server";
import { contactSchema } from "~/lib/forms/help";
import { honeypotFilled } from "~/lib/honeypot";
import { safeRedirect } from "~/lib/safe-redirect";
import { BACK_FIELD, type ContactFormProps } from "./contact-form-live";

export type ContactReply =
  | { sent: true; message: string; nextSubmissionId: string; result: SubmissionResult<string[]> }
  | { sent: false; result: SubmissionResult<string[]> };

/**
 * The contact footer's action (spec §4), for guests and signed-in users alike
 * (`/contact/send_comment` is public). The live form posts with `fetch` and reads the reply as
 * JSON (nothing on the page reloads after it); the server's form (JavaScript off, or before the
 * live one loaded) names its page, and goes back to it with the reply in a flash cookie (decision 044).
 */
export async function contactAction(request: Request) {
  assertSameOrigin(request);
  const formData = await request.formData();
  const back = formData.get(BACK_FIELD);
  const { reply, status, outage } = await answer(request, formData);
  if (back === null) return Response.json(reply, { status, headers: { "Cache-Control": "no-store" } });
  // With the legacy API down, the page the form was on (home) may not render: `/contact` needs no
  // legacy call and shows the reply with what was typed (issue #29 item 5).
  const page = outage ? "/contact" : safeRedirect(back);
  return redirect(`${page}#contact`, { headers: { "Set-Cookie": await flash(reply) } });
}

async function answer(request: Request, formData: FormData): Promise<{ reply: ContactReply; status: number; outage?: boolean }> {
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") return { reply: { sent: false, result: submission.reply() }, status: 400 };
  const { submission_id: submissionId, ...comment } = submission.value;
  const t = await getFixedT(request);
  // A bot: it sees the usual success and nothing reaches the legacy API.
  if (honeypotFilled(formData))
    return { reply: sent(t("server:common.contact.sent"), submission.reply({ resetForm: true })), status: 200 };
  try {
    const locale = await getLocale(request);
    const message = await once(submissionId, () => sendContactComment({ locale }, comment));
    return { reply: sent(message || t("server:common.contact.sent"), submission.reply({ resetForm: true })), status: 200 };
  } catch (error) {
    return {
      reply: { sent: false, result: legacyErrorReply(error, submission.reply, t, request) },
      status: 400,
      outage: isTransient(error),
    };
  }
}

function sent(message: string, result: SubmissionResult<string[]>): ContactReply {
  return { sent: true, message, nextSubmissionId: crypto.randomUUID(), result };
}

const FLASH_COOKIE = "contact-reply";
/** Long enough for the redirect that carries it; the page that shows it clears it. */
const FLASH_TTL_S = 60;
const constraint = getZodConstraint(contactSchema);
/** Where a field sets no maximum length (the phone), the flash keeps as much as the others. */
const KEPT_CHARS = 64;

/** The reply sealed into a short-lived cookie for the page the form goes back to. */
async function flash(reply: ContactReply): Promise<string> {
  const kept = reply.sent ? reply : { ...reply, result: { ...reply.result, initialValue: clip(reply.result.initialValue) } };
  const sealed = await sealData(kept, { password: getConfig().SESSION_SECRET, ttl: FLASH_TTL_S });
  return cookie.serialize(FLASH_COOKIE, sealed, { ...flashOptions(), maxAge: FLASH_TTL_S });
}

/**
 * Each value cut to what a browser lets a person type in its field (the `maxlength` the form
 * carries), so the cookie stays under browsers' 4 KB whatever was posted.
 */
function clip(values: SubmissionResult<string[]>["initialValue"]) {
  if (!values) return values;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === "string" ? value.slice(0, constraint[name]?.maxLength ?? KEPT_CHARS) : value,
    ]),
  );
}

function flashOptions() {
  const config = getConfig();
  return {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.NODE_ENV === "production" && !config.INSECURE_COOKIES,
  } as const;
}

/**
 * What a page with the contact form (spec §4) gives it: a fresh submission id, the constraint
 * attributes and the reply its server's form came back with, if any (with the header that clears it).
 */
export async function contactFormData(
  request: Request,
): Promise<{ contact: ContactFormProps; headers?: Record<string, string> }> {
  const form = { submissionId: crypto.randomUUID(), constraint };
  const sealed = cookie.parse(request.headers.get("Cookie") ?? "")[FLASH_COOKIE];
  if (!sealed) return { contact: form };
  const clear = { "Set-Cookie": cookie.serialize(FLASH_COOKIE, "", { ...flashOptions(), maxAge: 0 }) };
  const reply = await unsealData<ContactReply>(sealed, { password: getConfig().SESSION_SECRET, ttl: FLASH_TTL_S }).catch(
    () => null,
  );
  // A cookie that does not unseal (forged, expired, an old secret) comes back as an empty object.
  const pageReply = reply && "sent" in reply ? reply : undefined;
  return { contact: { ...form, pageReply }, headers: clear };
}
