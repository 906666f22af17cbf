import { createHash } from "node:crypto";
import { RemixI18Next } from "remix-i18next/server";
import { fallbackLng, isLng, supportedLngs, type Lng } from "~/i18n";
import type { AppT, Strings } from "~/lib/i18n/keys";
import { createTranslator, type Translator } from "~/lib/i18n/translator";
import { registerPageTranslator } from "~/lib/page-title";
import { resources, type Namespace } from "~/locales";
import { localeCookie } from "../../server/locale";

export { localeCookie };

/**
 * remix-i18next's role is the locale detection (the `lng` cookie, else Spanish). Translating is
 * the app's own translator (`./i18n/translator`), built once per language at start: i18next's
 * instances cost CPU on every request and its runtime is not shipped to the browser.
 */
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLngs],
    fallbackLanguage: fallbackLng,
    cookie: localeCookie,
    order: ["cookie"],
  },
});

export async function getLocale(request: Request): Promise<Lng> {
  const locale = await detector.getLocale(request);
  return isLng(locale) ? locale : fallbackLng;
}

/** The version of a language's strings: a hash of their content, the browser's cache key. */
function stringsVersion(language: Lng): string {
  return createHash("sha256").update(JSON.stringify(resources[language])).digest("base64url").slice(0, 12);
}

/** One translator per language, built at start; a key missing in a language reads Spanish's. */
function buildTranslator(language: Lng): Translator<Strings> {
  const fallback = language === fallbackLng ? undefined : { language: fallbackLng, resources: resources[fallbackLng] };
  return createTranslator<Strings>({ language, resources: resources[language], version: stringsVersion(language) }, fallback);
}

const translators = Object.fromEntries(supportedLngs.map((language) => [language, buildTranslator(language)])) as Record<
  Lng,
  Translator<Strings>
>;
for (const translator of Object.values(translators)) registerPageTranslator(translator);

export function translatorFor(locale: Lng): Translator<Strings> {
  return translators[locale];
}

/** The request language's `t` for loaders, actions and meta; keys without `ns:` read `namespace`. */
export async function getFixedT<NS extends Namespace = "common">(request: Request, namespace?: NS): Promise<AppT<NS>> {
  return translatorFor(await getLocale(request)).scoped(namespace ?? "common") as AppT<NS>;
}
