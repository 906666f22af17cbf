import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { Strings } from "./lib/i18n/keys";
import { createTranslator } from "./lib/i18n/translator";
import { readTranslationsData, TranslatorProvider } from "./lib/i18n/use-translation";
import { registerPageTranslator } from "./lib/page-title";

// NOTE: no strings in the bundle and none fetched: the document carries its language's strings
// (root's Layout), read here before hydrating. Changing language loads a new document.
const translator = createTranslator<Strings>({
  language: document.documentElement.lang,
  resources: readTranslationsData(document),
});
registerPageTranslator(translator);

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
