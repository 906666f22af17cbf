import type { ActionFunctionArgs } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { LIVE_FORM_LOADING } from "~/components/language-select";
import { INTERACTIONS } from "~/lib/first-interaction";
import { useTranslation } from "~/lib/i18n/use-translation";
import type { ContactFormProps } from "./contact-form-live";
import { contactFormHtml } from "./contact-form-live.server";
import { contactAction } from "./contact.server";

/**
 * `/contact-form`: the contact footer (spec §2, §4) in one module, as a resource route with
 * its component — the action here, the footer below, the live form beside it (decision 044).
 */
export const action = ({ request }: ActionFunctionArgs) => contactAction(request);

/** The form loads once the footer is within half a screen below the viewport, before anyone reaches it. */
const NEAR = "0px 0px 50% 0px";

type LiveForm = (props: ContactFormProps) => JSX.Element;

/** The live form once loaded: a later page that shows the footer renders it at once. */
let loaded: LiveForm | undefined;

/**
 * The contact footer. The server renders the whole form (from its HTML drawn once per language,
 * contact-form-live.server.tsx); the browser keeps that
 * HTML as it is (a plain form that posts as without JavaScript) and loads the live form, with
 * conform, only when the footer comes near the viewport or someone uses the form: at the bottom of
 * home, most visits never do (issue #16 item 4, decision 027). The live form then replaces the
 * server's with what was typed, the focus and the caret carried over. A footer rendered by a
 * client navigation has no server form to keep, and loads the live one at once.
 */
export function ContactForm(props: ContactFormProps) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
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
      // A language switch waits for the live form, which keeps what was typed for the other language.
      node?.setAttribute(LIVE_FORM_LOADING, "");
      import("./contact-form-live").then(
        ({ LiveContactForm, captureForm, restoreForm }) => {
          if (cancelled || !slot.current) return;
          loaded = LiveContactForm;
          const typed = captureForm(slot.current);
          flushSync(() => setLive(() => LiveContactForm));
          if (slot.current) restoreForm(slot.current, typed);
        },
        // A chunk that failed to load leaves the server's form, which posts without JavaScript.
        () => node?.removeAttribute(LIVE_FORM_LOADING),
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

  return (
    <section id="contact" className="contact-footer" aria-labelledby="contact-title">
      <h2 id="contact-title">{t("contact.title")}</h2>
      {typeof document === "undefined" ? (
        <div dangerouslySetInnerHTML={{ __html: contactFormHtml(i18n, props, `${pathname}${search}`) }} />
      ) : Live ? (
        <div key="live" ref={slot}>
          <Live {...props} />
        </div>
      ) : (
        // Hydration leaves what the server rendered in here untouched.
        <div key="server" ref={slot} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
      )}
    </section>
  );
}
