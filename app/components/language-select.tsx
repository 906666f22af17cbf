import { Form, useLocation } from "@remix-run/react";
import { useHydrated, useRootData } from "~/lib/hooks";
import { useTranslation } from "~/lib/i18n/use-translation";

/**
 * The language selector of spec §2: plain text when only one language exists, otherwise a
 * dropdown posted to /set-language (works without JavaScript; with it, it posts on change).
 * Always a full document load: a page carries only its language's strings (root's Layout), so
 * a form being filled in keeps its values for the new document (`useDirtyForm`).
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const location = useLocation();
  const root = useRootData();
  const hydrated = useHydrated();
  const locale = root?.locale ?? "es";
  const languages = root?.languages ?? [locale];
  if (languages.length < 2) {
    return <span className="language-single">{t(`language.${locale}`)}</span>;
  }
  return (
    <Form method="post" action="/set-language" className="language-select" reloadDocument onSubmit={keepDraftsForLanguageSwitch}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor="language-select" className="visually-hidden">
        {t("language.label")}
      </label>
      <select
        id="language-select"
        name="lng"
        defaultValue={locale}
        key={locale}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`language.${lng}`)}
          </option>
        ))}
      </select>
      {/* Hidden from the first paint where scripts run (no-script), so the footer does not move when it goes. */}
      {hydrated ? null : (
        <button type="submit" className="button-small no-script">
          {t("language.change")}
        </button>
      )}
    </Form>
  );
}

/*
 * What the language switch needs of the unsaved-form guard (use-dirty-form.ts) lives here, apart
 * from the guard, so that every page's footer carries neither the guard (decision 029) nor a chunk
 * of its own for these few lines (decision 027).
 */
const keepers = new Set<() => void>();
let switchingLanguage = false;

/**
 * The attribute of an element whose form the server rendered while the live version, which keeps
 * its values over a language switch, is loading (the contact footer's, decision 027).
 */
export const LIVE_FORM_LOADING = "data-live-form-loading";

/** How long a language switch waits for live forms still loading (a chunk that never comes). */
const LIVE_FORM_WAIT_MS = 3000;

/**
 * Called by the language switch before its form loads the page again in the other language:
 * every unsaved form keeps its values in this tab's sessionStorage, and the browser is not asked
 * to warn, as nothing is lost. A form whose live version is still loading (typed into the
 * moment its chunk was asked for) is waited for, so what was typed there is kept too.
 */
function keepDraftsForLanguageSwitch(event: React.FormEvent<HTMLFormElement>) {
  const form = event.currentTarget;
  if (!document.querySelector(`[${LIVE_FORM_LOADING}]`)) return keepDrafts(form);
  event.preventDefault();
  void liveFormsLoaded().then(() => {
    keepDrafts(form);
    form.submit();
  });
}

function keepDrafts(form: HTMLFormElement) {
  switchingLanguage = true;
  // The page comes back where it was, its fragment too (the questionnaire's part, `#parte-N`).
  const back = form.elements.namedItem("redirectTo");
  if (back instanceof HTMLInputElement)
    back.value = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  // Back to this page from the browser's cache, the form is this document's again.
  window.addEventListener("pageshow", () => (switchingLanguage = false), { once: true });
  for (const keep of keepers) keep();
}

/** Resolves once no live form is loading any more, or after LIVE_FORM_WAIT_MS. */
function liveFormsLoaded() {
  return new Promise<void>((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (!document.querySelector(`[${LIVE_FORM_LOADING}]`)) done();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributeFilter: [LIVE_FORM_LOADING] });
    const timer = setTimeout(done, LIVE_FORM_WAIT_MS);
  });
}

/** Whether the page is being left for the same page in another language. */
export const isSwitchingLanguage = () => switchingLanguage;

/** Registers a form's way to keep its values; returns the function that unregisters it. */
export function addDraftKeeper(keep: () => void) {
  keepers.add(keep);
  return () => keepers.delete(keep);
}
