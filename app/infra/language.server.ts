import { createHash } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { fallbackLng, isLng, supportedLngs, type Lng } from "../i18n";
import type { AppT, Strings } from "../lib/i18n/keys";
import { createTranslator, type Translator } from "../lib/i18n/translator";
import { registerPageTranslator } from "../lib/page-title";
import { resources, type Namespace } from "../locales";

/** The language choice persists in its own cookie, read by the app's pages and the HTTP server's own (server/refusal.ts). */
export const localeCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

/** The first supported language of an Accept-Language header, by weight; null when none is. */
export function acceptedLanguage(header: string | null | undefined): Lng | null {
  const ranked = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split("-")[0], weight: q === undefined ? 1 : Number(q) };
    })
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight);
  return ranked.map(({ language }) => language).find(isLng) ?? null;
}

/**
 * The one rule for every page, the app's and the HTTP server's own (decision 049): the `lng`
 * cookie, else the browser's Accept-Language, else Spanish. remix-i18next's role is this
 * detection; translating is the app's own translator (`./i18n/translator`), built once per
 * language at start: i18next's instances cost CPU on every request and its runtime is not
 * shipped to the browser.
 */
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLngs],
    fallbackLanguage: fallbackLng,
    cookie: localeCookie,
    order: ["cookie", "custom"],
    findLocale: async (request) => acceptedLanguage(request.headers.get("Accept-Language")),
  },
});

export async function getLocale(request: Request): Promise<Lng> {
  const locale = await detector.getLocale(request);
  return isLng(locale) ? locale : fallbackLng;
}

/** The same rule from the two headers it reads, for pages answered before Remix. */
export function languageOf(cookie: string | undefined, acceptLanguage: string | undefined): Promise<Lng> {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (acceptLanguage) headers.set("Accept-Language", acceptLanguage);
  return getLocale(new Request("http://localhost/", { headers }));
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
