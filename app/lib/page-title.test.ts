import { describe, expect, it } from "vitest";
import type { Strings } from "./i18n/keys";
import { createTranslator } from "./i18n/translator";
import { pageTitle, registerPageTranslator } from "./page-title";

registerPageTranslator(
  createTranslator<Strings>({
    language: "es",
    resources: { common: { nav: { home: "Inicio" } }, engagement: { trivia: { title: "Trivia" } } },
  }),
);
registerPageTranslator(
  createTranslator<Strings>({
    language: "en",
    resources: { common: { nav: { home: "Home" } }, engagement: { trivia: { title: "Trivia game" } } },
  }),
);

const argsIn = (locale: string | undefined, data?: unknown) =>
  ({ data, matches: [{ id: "root", data: locale ? { locale } : undefined }], params: {}, location: {} }) as never;

describe("pageTitle", () => {
  it("translates a key in the page's language (root's locale), Spanish without one", () => {
    const meta = pageTitle("nav.home");
    expect(meta(argsIn("en"))).toEqual([{ title: "Academia · Home" }]);
    expect(meta(argsIn("es"))).toEqual([{ title: "Academia · Inicio" }]);
    expect(meta(argsIn(undefined))).toEqual([{ title: "Academia · Inicio" }]);
  });

  it("takes a title from the route's data, with a translated fallback, and 'Academia' alone when there is none", () => {
    const meta = pageTitle<() => { game: { title: string } | null }>(
      (t, data) => data?.game?.title ?? t("engagement:trivia.title"),
    );
    expect(meta(argsIn("en", { game: { title: "Riesgos" } }))).toEqual([{ title: "Academia · Riesgos" }]);
    expect(meta(argsIn("en", { game: null }))).toEqual([{ title: "Academia · Trivia game" }]);
    expect(pageTitle(() => undefined)(argsIn("en"))).toEqual([{ title: "Academia" }]);
  });
});
