import { getFormProps } from "@conform-to/react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
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

/** conform's form for the contact fields: the live form's, and the server's copy's (contact-form-live.server.tsx). */
export function useContactForm(formId: string, constraint: FormConstraint, reply?: ContactReply) {
  return useZodForm(() => import("~/lib/forms/help").then((forms) => forms.contactSchema), {
    id: `contact-${formId}`,
    constraint,
    lastResult: reply?.sent ? null : reply?.result,
  });
}

/**
 * The contact form with conform (spec §4): idle, saving (an overlay; a second submit is ignored),
 * sent (success notice, then a fresh form). The footer around it (route.tsx) loads it when it
 * comes near (decision 027); the server draws its copy (contact-form-live.server.tsx). In the
 * browser it posts with a plain `fetch` and reads the
 * reply as JSON: a Remix fetcher would have the page's loaders run again after it, and with the
 * legacy API down that put the error page in place of the page and what was typed (issue #29 item 5).
 */
export function LiveContactForm({ submissionId, constraint, pageReply }: ContactFormProps) {
  const { t } = useTranslation();
  const [reply, setReply] = useState<ContactReply | undefined>(pageReply);
  const [saving, setSaving] = useState(false);
  const [formId, setFormId] = useState(submissionId);
  const [form, fields] = useContactForm(formId, constraint, reply);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // What was typed survives a language switch and asks before being left behind (issue #29 item 5).
  const blocker = useDirtyForm(form.id, "contact");

  useEffect(() => {
    if (!reply?.sent) return;
    const next = reply.nextSubmissionId;
    const timer = setTimeout(() => setFormId(next), RESET_AFTER_MS);
    return () => clearTimeout(timer);
  }, [reply]);

  // A second submit before the first re-rendered (a double click) is ignored here too.
  const sending = useRef(false);
  const send = async (fields: Array<[string, string]>) => {
    sending.current = true;
    setSaving(true);
    try {
      // URL-encoded, as a form without a file posts (the server takes multipart bodies on upload routes only).
      const response = await fetch("/contact-form", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Accept: "application/json" },
      });
      // An answer that is not the form's reply (a refusal before the action, a proxy's page) is a failure like any other.
      const answer: unknown = await response.json().catch(() => null);
      if (!mounted.current) return;
      if (answer && typeof answer === "object" && "sent" in answer) setReply(answer as ContactReply);
      else setReply(failed(fields, t("errors.generic")));
    } catch {
      // No answer at all is no connection, whatever `navigator.onLine` says (decision 083): what was typed stays.
      if (mounted.current) setReply(failed(fields, t("app.offline")));
    } finally {
      sending.current = false;
      if (mounted.current) setSaving(false);
    }
  };

  return (
    <ContactFormView
      form={[form, fields]}
      submissionId={reply?.sent ? reply.nextSubmissionId : formId}
      counter={constraint.comment?.maxLength}
      reply={reply}
      saving={saving}
      onSubmit={(event) => {
        if (sending.current) return event.preventDefault();
        // conform checks the fields first and stops a form that fails them.
        form.onSubmit(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        const typed = [...new FormData(event.currentTarget)];
        void send(typed.filter((entry): entry is [string, string] => typeof entry[1] === "string"));
      }}
    >
      <LeaveDialog blocker={blocker} />
    </ContactFormView>
  );
}

/**
 * The contact form's HTML, the live form's and the server's copy's: the server's names the page it
 * is on (`back`), to which the action goes back when it posts without JavaScript.
 */
export function ContactFormView({
  form: [form, fields],
  submissionId,
  back,
  counter,
  reply,
  saving = false,
  onSubmit,
  children,
}: {
  form: ReturnType<typeof useContactForm>;
  submissionId: string;
  back?: string;
  counter?: number;
  reply?: ContactReply;
  saving?: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      method="post"
      action="/contact-form"
      {...getFormProps(form)}
      className="stack contact-form"
      aria-busy={saving}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="submission_id" value={submissionId} />
      {back === undefined ? null : <input type="hidden" name={BACK_FIELD} value={back} />}
      <TextField field={fields.name} label={t("contact.name")} inputProps={{ autoComplete: "name" }} />
      <TextField field={fields.phone} label={t("contact.phone")} type="tel" inputProps={{ autoComplete: "tel" }} />
      <TextField field={fields.email} label={t("contact.email")} type="email" inputProps={{ autoComplete: "email" }} />
      <TextareaField field={fields.comment} label={t("contact.comment")} rows={4} counter={counter} />
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
      {children}
    </form>
  );
}

/** A reply for a post that got no readable answer: what was sent comes back with `message`. */
function failed(fields: Array<[string, string]>, message: string): ContactReply {
  return { sent: false, result: { status: "error", initialValue: Object.fromEntries(fields), error: { "": [message] } } };
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

/** Puts `typed` back into the form now in `root`, as if typed there. */
export function restoreForm(root: HTMLElement, { values, focus }: Typed) {
  const fields = fieldsOf(root);
  for (const [name, value] of values) {
    const field = fields.find((candidate) => candidate.name === name);
    if (!field || field.value === value) continue;
    field.value = value;
    // conform (and the length counter) follow the field's value from its input events.
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
  const target = focus && fields.find((field) => field.name === focus.name);
  if (!focus || !target) return;
  target.focus();
  if (focus.start !== null && focus.end !== null) target.setSelectionRange(focus.start, focus.end);
}
