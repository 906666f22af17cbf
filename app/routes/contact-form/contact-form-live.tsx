import { getFormProps } from "@conform-to/react";
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FormError, Honeypot, TextareaField, TextField } from "~/components/forms";
import { LeaveDialog } from "~/components/leave-dialog";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useDirtyForm } from "~/lib/use-dirty-form";
import { type FormConstraint, useZodForm } from "~/lib/use-zod-form";
import type { ContactReply } from "./contact.server";

/** Spec §4: the form resets 1 s after it was sent. */
const RESET_AFTER_MS = 1000;

/** The page the server's copy of the form was on: a post without it came from the live form. */
export const BACK_FIELD = "redirect_to";

export type ContactFormProps = {
  submissionId: string;
  constraint: FormConstraint;
  /** The reply the server's form came back to this page with (decision 044). */
  pageReply?: ContactReply;
};

/**
 * The contact form with conform (spec §4): idle, saving (an overlay; a second submit is ignored),
 * sent (success notice, then a fresh form). The footer around it (route.tsx) loads it when it
 * comes near (decision 027). The server's copy of it names its page, to which the action goes back
 * when it posts without JavaScript; in the browser it posts with a fetcher and stays.
 */
export function LiveContactForm({ submissionId, constraint, pageReply }: ContactFormProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const fetcher = useFetcher<ContactReply>({ key: "contact" });
  const reply = fetcher.data ?? pageReply;
  const [formId, setFormId] = useState(submissionId);
  const [form, fields] = useZodForm(() => import("~/lib/forms/help").then((forms) => forms.contactSchema), {
    id: `contact-${formId}`,
    constraint,
    lastResult: reply?.sent ? null : reply?.result,
  });
  const saving = fetcher.state !== "idle";
  // What was typed survives a language switch and asks before being left behind (issue #29 item 5).
  const blocker = useDirtyForm(form.id, "contact");

  useEffect(() => {
    if (!reply?.sent) return;
    const next = reply.nextSubmissionId;
    const timer = setTimeout(() => setFormId(next), RESET_AFTER_MS);
    return () => clearTimeout(timer);
  }, [reply]);

  return (
    <fetcher.Form
      method="post"
      action="/contact-form"
      {...getFormProps(form)}
      className="stack contact-form"
      aria-busy={saving}
      onSubmit={(event) => {
        if (saving) event.preventDefault();
        else form.onSubmit(event);
      }}
    >
      <input type="hidden" name="submission_id" value={reply?.sent ? reply.nextSubmissionId : formId} />
      {typeof document === "undefined" ? <input type="hidden" name={BACK_FIELD} value={`${pathname}${search}`} /> : null}
      <TextField field={fields.name} label={t("contact.name")} inputProps={{ autoComplete: "name" }} />
      <TextField field={fields.phone} label={t("contact.phone")} type="tel" inputProps={{ autoComplete: "tel" }} />
      <TextField field={fields.email} label={t("contact.email")} type="email" inputProps={{ autoComplete: "email" }} />
      <TextareaField field={fields.comment} label={t("contact.comment")} rows={4} counter={constraint.comment?.maxLength} />
      <Honeypot />
      <FormError errors={form.errors} />
      {reply?.sent ? (
        <p className="form-success" role="status">
          {reply.message}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" aria-disabled={saving}>
        {t("contact.send")}
      </button>
      {saving ? (
        <div className="saving-overlay" role="status">
          {t("app.loading")}
        </div>
      ) : null}
      <LeaveDialog blocker={blocker} />
    </fetcher.Form>
  );
}

// What was typed in the server's form goes over to this one (route.tsx).

type Field = HTMLInputElement | HTMLTextAreaElement;
type Typed = { values: Array<[string, string]>; focus: { name: string; start: number | null; end: number | null } | null };

/** The fields someone types in (hidden ones are the form's own, set by React). */
function fieldsOf(root: HTMLElement): Field[] {
  return [...root.querySelectorAll<Field>("input[name], textarea[name]")].filter((field) => field.type !== "hidden");
}

/** What was typed in the form in `root`, and where the caret is. */
export function captureForm(root: HTMLElement): Typed {
  const fields = fieldsOf(root);
  const active = fields.find((field) => field === document.activeElement);
  return {
    values: fields.map((field) => [field.name, field.value]),
    // An email field has no selection: null.
    focus: active ? { name: active.name, start: active.selectionStart, end: active.selectionEnd } : null,
  };
}

/** Puts `typed` back into the form now in `root`. */
export function restoreForm(root: HTMLElement, { values, focus }: Typed) {
  const fields = fieldsOf(root);
  for (const [name, value] of values) {
    const field = fields.find((candidate) => candidate.name === name);
    if (field) field.value = value;
  }
  const target = focus && fields.find((field) => field.name === focus.name);
  if (!focus || !target) return;
  target.focus();
  if (focus.start !== null && focus.end !== null) target.setSelectionRange(focus.start, focus.end);
}
