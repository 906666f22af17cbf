import { createContext, useContext } from "react";
import type { Namespace } from "~/locales";
import type { AppT, Strings } from "./keys";
import * as serverStrings from "./strings-block.server";
import type { Resources, Translator } from "./translator";

/**
 * The page language's translator for React: `entry.server` provides the request language's (one
 * per language, built once), `entry.client` one over the strings the document carries in
 * `<TranslationsData>`. The browser bundle has no strings and no i18next.
 */
const TranslatorContext = createContext<Translator<Strings> | null>(null);

export const TranslatorProvider = TranslatorContext.Provider;

/** Same shape as react-i18next's: `t` reads `namespace` by default; `i18n.language` is the page's. */
export function useTranslation<NS extends Namespace = "common">(namespace?: NS): { t: AppT<NS>; i18n: Translator<Strings> } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation needs a TranslatorProvider (entry.server, entry.client)");
  return { t: translator.scoped(namespace ?? "common") as AppT<NS>, i18n: translator };
}

const DATA_ID = "__i18n";

export type StringsData = { version: string; resources: Resources };

/**
 * The page language's strings as a JSON data block (not run, not in the JS bundle, not in the
 * loader data): only `namespaces`, those the matched routes declare (./namespaces). The server
 * writes it (./strings-block.server); the browser reads it once, before hydrating, and keeps the
 * element as the server wrote it.
 */
export function TranslationsData({ nonce, namespaces }: { nonce: string; namespaces: readonly string[] }) {
  const { i18n } = useTranslation();
  const { stringsBlock } = serverStrings;
  const json = stringsBlock ? stringsBlock(i18n, namespaces) : "";
  return (
    <script
      type="application/json"
      id={DATA_ID}
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/** The strings `<TranslationsData>` put in the document (none if it is missing). */
export function readTranslationsData(document: Pick<Document, "getElementById">): StringsData {
  const element = document.getElementById(DATA_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as StringsData) : { version: "", resources: {} };
}
