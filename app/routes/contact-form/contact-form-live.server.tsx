// The server's copy of the contact form. In the browser this module is empty, so the page's
// JavaScript does not carry conform until the footer loads the live form (route.tsx).
import { escapeHtml } from "~/lib/escape-html";
import type { Strings } from "~/lib/i18n/keys";
import type { Translator } from "~/lib/i18n/translator";
import { drawStatic } from "~/lib/static-markup.server";
import type { FormConstraint } from "~/lib/use-zod-form";
import { type ContactFormProps, ContactFormView, useContactForm } from "./contact-form-live";

function ServerContactForm({ submissionId, constraint, pageReply, back }: ContactFormProps & { back: string }) {
  const form = useContactForm(submissionId, constraint, pageReply);
  return (
    <ContactFormView
      form={form}
      submissionId={pageReply?.sent ? pageReply.nextSubmissionId : submissionId}
      back={back}
      counter={constraint.comment?.maxLength}
      reply={pageReply}
    />
  );
}

/** What stands for the submission id and the page in a language's form drawn once (no HTML escapes them). */
const SUBMISSION = "submission0placeholder0e3c1";
const BACK = "back0placeholder0e3c1";

/** A page's form with no reply is the same in a language but for its submission id and page: drawn once each. */
const drawn = new WeakMap<FormConstraint, WeakMap<Translator<Strings>, string>>();

function draw(translator: Translator<Strings>, props: ContactFormProps & { back: string }) {
  return drawStatic(<ServerContactForm {...props} />, translator);
}

/**
 * The HTML of the contact form on the page at `back` (its path and query), in `translator`'s
 * language. Drawing it with conform took a sixth of home's server time (decision 071), so the form
 * with no reply is drawn once per language and filled in; a reply (after a post without
 * JavaScript) is drawn for its page.
 */
export function contactFormHtml(translator: Translator<Strings>, props: ContactFormProps, back: string): string {
  if (props.pageReply) return draw(translator, { ...props, back });
  const byLanguage = drawn.get(props.constraint) ?? new WeakMap<Translator<Strings>, string>();
  drawn.set(props.constraint, byLanguage);
  let template = byLanguage.get(translator);
  if (template === undefined) {
    template = draw(translator, { submissionId: SUBMISSION, constraint: props.constraint, back: BACK });
    byLanguage.set(translator, template);
  }
  return template.replaceAll(SUBMISSION, escapeHtml(props.submissionId)).replaceAll(BACK, escapeHtml(back));
}
