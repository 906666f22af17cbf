import { createContext, useContext } from "react";
import type { Namespace } from "~/locales";
import type { AppT, Strings } from "./keys";
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

type StringsData = { version: string; resources: Resources };

/** The strings of `namespaces` and their version, as the data block carries them. */
function stringsData(i18n: Translator<Strings>, namespaces: readonly string[]): StringsData {
  const has = (namespace: string) => Object.prototype.hasOwnProperty.call(i18n.resources, namespace);
  const resources = Object.fromEntries(namespaces.filter(has).map((namespace) => [namespace, i18n.resources[namespace]]));
  return { version: i18n.version, resources };
}

/**
 * Each translator's data blocks, by namespaces: the same for every document of a language whose
 * routes read the same namespaces (the routes declare them, so there are a few dozen at most).
 */
const dataBlocks = new WeakMap<Translator<Strings>, Map<string, string>>();

/**
 * The page language's strings as a JSON data block (not run, not in the JS bundle, not in the
 * loader data): only `namespaces`, those the matched routes declare (./namespaces). `<` is
 * escaped so no string can close the element.
 */
export function TranslationsData({ nonce, namespaces }: { nonce: string; namespaces: readonly string[] }) {
  const { i18n } = useTranslation();
  const key = namespaces.join();
  let blocks = dataBlocks.get(i18n);
  if (!blocks) dataBlocks.set(i18n, (blocks = new Map()));
  let json = blocks.get(key);
  if (json === undefined) blocks.set(key, (json = JSON.stringify(stringsData(i18n, namespaces)).replace(/</g, "\\u003c")));
  return <script type="application/json" id={DATA_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />;
}

/** The strings `<TranslationsData>` put in the document (none if it is missing). */
export function readTranslationsData(document: Pick<Document, "getElementById">): StringsData {
  const element = document.getElementById(DATA_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as StringsData) : { version: "", resources: {} };
}
