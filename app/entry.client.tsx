import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18n from "./i18n";
import { resources } from "./locales";

// NOTE: the translations ship in the bundle (a few KB gzip) instead of being fetched: hydration
// then starts at once, and a tap during a slow fetch is never lost.
void i18next
  .use(initReactI18next)
  .init({ ...i18n, lng: document.documentElement.lang, resources })
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>,
      );
    });
  });
