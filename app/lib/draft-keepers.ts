/**
 * What the language switch needs of the unsaved-form guard (use-dirty-form.ts), apart from it so
 * that every page's footer does not carry the guard itself (decision 029).
 */
const keepers = new Set<() => void>();
let switchingLanguage = false;

/**
 * Called by the language switch before its form loads the page again in the other language:
 * every unsaved form keeps its values in this tab's sessionStorage, and the browser is not asked
 * to warn, as nothing is lost.
 */
export function keepDraftsForLanguageSwitch() {
  switchingLanguage = true;
  // Back to this page from the browser's cache, the form is this document's again.
  window.addEventListener("pageshow", () => (switchingLanguage = false), { once: true });
  for (const keep of keepers) keep();
}

/** Whether the page is being left for the same page in another language. */
export const isSwitchingLanguage = () => switchingLanguage;

/** Registers a form's way to keep its values; returns the function that unregisters it. */
export function addDraftKeeper(keep: () => void) {
  keepers.add(keep);
  return () => keepers.delete(keep);
}
