import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { Strings } from "./lib/i18n/keys";
import { setBrowserTranslator } from "./lib/i18n/load-strings";
import { createTranslator } from "./lib/i18n/translator";
import { readTranslationsData, TranslatorProvider } from "./lib/i18n/use-translation";
import { registerPageTranslator } from "./lib/page-title";

// NOTE: no strings in the bundle: the document carries the strings its routes declare (root's
// Layout), read here before hydrating; a navigation fetches those it lacks (decision 038).
// Changing language loads a new document.
const { version, resources } = readTranslationsData(document);
const translator = createTranslator<Strings>({ language: document.documentElement.lang, resources, version });
registerPageTranslator(translator);
setBrowserTranslator(translator);

startTransition(() => {
  hydrateRoot(
    document,
    <TranslatorProvider value={translator}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </TranslatorProvider>,
  );
});
