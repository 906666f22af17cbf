import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { INTERACTIONS } from "~/lib/first-interaction";
import { useTranslation } from "~/lib/i18n/use-translation";
import type { ContactFormProps } from "./contact-form-live";
import { LiveContactForm as ServerContactForm } from "./contact-form.server";

/** The form loads once the footer is within half a screen below the viewport, before anyone reaches it. */
const NEAR = "0px 0px 50% 0px";

type LiveForm = (props: ContactFormProps) => JSX.Element;

/** The live form once loaded: a later page that shows the footer renders it at once. */
let loaded: LiveForm | undefined;

/**
 * The contact footer (spec §2, §4). The server renders the whole form; the browser keeps that
 * HTML as it is (a plain form that posts as without JavaScript) and loads the live form, with
 * conform, only when the footer comes near the viewport or someone uses the form: at the bottom of
 * home, most visits never do (issue #16 item 4, decision 027). The live form then replaces the
 * server's with what was typed, the focus and the caret carried over. A footer rendered by a
 * client navigation has no server form to keep, and loads the live one at once.
 */
export function ContactForm(props: ContactFormProps) {
  const { t } = useTranslation();
  const slot = useRef<HTMLDivElement>(null);
  const [Live, setLive] = useState<LiveForm | undefined>(() => loaded);

  useEffect(() => {
    const node = slot.current;
    if (Live || !node) return;
    let cancelled = false;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), {
      rootMargin: NEAR,
    });
    const stop = () => {
      observer.disconnect();
      for (const type of INTERACTIONS) node.removeEventListener(type, load);
    };
    function load() {
      stop();
      import("./contact-form-live").then(
        ({ LiveContactForm }) => {
          if (cancelled) return;
          loaded = LiveContactForm;
          const typed = slot.current ? captureForm(slot.current) : null;
          flushSync(() => setLive(() => LiveContactForm));
          if (typed && slot.current) restoreForm(slot.current, typed);
        },
        // A chunk that failed to load leaves the server's form, which posts without JavaScript.
        () => undefined,
      );
    }
    if (node.childElementCount === 0) load();
    else {
      observer.observe(node);
      for (const type of INTERACTIONS) node.addEventListener(type, load);
    }
    return () => {
      cancelled = true;
      stop();
    };
  }, [Live]);

  const Form = typeof document === "undefined" ? ServerContactForm : Live;
  return (
    <section id="contact" className="contact-footer" aria-labelledby="contact-title">
      <h2 id="contact-title">{t("contact.title")}</h2>
      {Form ? (
        <div key="live" ref={slot}>
          <Form {...props} />
        </div>
      ) : (
        // Hydration leaves what the server rendered in here untouched.
        <div key="server" ref={slot} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
      )}
    </section>
  );
}

type Field = HTMLInputElement | HTMLTextAreaElement;
type Typed = { values: Array<[string, string]>; focus: { name: string; start: number | null; end: number | null } | null };

/** The fields someone types in (hidden ones are the form's own, set by React). */
function fieldsOf(root: HTMLElement): Field[] {
  return [...root.querySelectorAll<Field>("input[name], textarea[name]")].filter((field) => field.type !== "hidden");
}

/** What was typed in the form in `root`, and where the caret is. */
function captureForm(root: HTMLElement): Typed {
  const fields = fieldsOf(root);
  const active = fields.find((field) => field === document.activeElement);
  return {
    values: fields.map((field) => [field.name, field.value]),
    // An email field has no selection: null.
    focus: active ? { name: active.name, start: active.selectionStart, end: active.selectionEnd } : null,
  };
}

/** Puts `typed` back into the form now in `root`. */
function restoreForm(root: HTMLElement, { values, focus }: Typed) {
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
