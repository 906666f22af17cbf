import type { MetaArgs, MetaFunction } from "@remix-run/node";
import type { AppKey, AppT, Strings } from "./i18n/keys";
import type { Translator } from "./i18n/translator";

/**
 * The one way a route names its browser tab, in the page's language: `pageTitle("ns:key")`, or a
 * function of the translator and the route's data for titles that come from content. The
 * translators are the ones the pages render with: the server registers one per language at start
 * (app/infra/language.server.ts), the browser the document's (entry.client); the language is root's `locale`.
 */
const translators = new Map<string, Translator<Strings>>();

export function registerPageTranslator(translator: Translator<Strings>) {
  translators.set(translator.language, translator);
}

type Title<Loader> = AppKey | ((t: AppT, data: MetaArgs<Loader>["data"]) => string | undefined);

export function pageTitle<Loader = unknown>(title: Title<Loader>): MetaFunction<Loader> {
  return ({ data, matches }) => {
    const locale = (matches.find((match) => match.id === "root")?.data as { locale?: string } | undefined)?.locale;
    // Without root's data, the first registered: Spanish on the server (supportedLngs' order), the document's in the browser.
    const translator = (locale && translators.get(locale)) || translators.values().next().value;
    if (!translator) return [{ title: "Academia" }];
    const t = translator.scoped();
    const text = typeof title === "string" ? t(title) : title(t, data);
    return [{ title: text ? `Academia · ${text}` : "Academia" }];
  };
}
