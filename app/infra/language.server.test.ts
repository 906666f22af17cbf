import { describe, expect, it } from "vitest";
import { acceptedLanguage, getFixedT, getLocale, languageOf, localeCookie, translatorFor } from "./language.server";

async function requestIn(lng?: string) {
  const headers = lng === undefined ? undefined : { Cookie: await localeCookie.serialize(lng) };
  return new Request("http://localhost/", { headers });
}

describe("the request's language", () => {
  it("is the lng cookie's, and Spanish without one or with an unknown one", async () => {
    expect(await getLocale(await requestIn("en"))).toBe("en");
    expect(await getLocale(await requestIn("es"))).toBe("es");
    expect(await getLocale(await requestIn())).toBe("es");
    expect(await getLocale(await requestIn("fr"))).toBe("es");
  });

  it("reads Accept-Language by weight, supported languages only", () => {
    expect(acceptedLanguage("en-GB,en;q=0.9,es;q=0.8")).toBe("en");
    expect(acceptedLanguage("fr-FR, es;q=0.5, en;q=0.7")).toBe("en");
    expect(acceptedLanguage("de, fr")).toBeNull();
    expect(acceptedLanguage("en;q=0")).toBeNull();
    expect(acceptedLanguage("*")).toBeNull();
    expect(acceptedLanguage(undefined)).toBeNull();
  });

  it("prefers the lng cookie, then Accept-Language, then Spanish: one rule for Remix's pages and the server's own", async () => {
    const english = await localeCookie.serialize("en");
    expect(await languageOf(english, "es")).toBe("en");
    expect(await languageOf("lng=garbage", "en-US")).toBe("en");
    expect(await languageOf(undefined, "fr, de")).toBe("es");
    expect(await languageOf(undefined, undefined)).toBe("es");
    const page = new Request("http://localhost/", { headers: { "Accept-Language": "en-GB,en;q=0.9" } });
    expect(await getLocale(page)).toBe("en");
    const chosen = new Request("http://localhost/", {
      headers: { "Accept-Language": "en", Cookie: await localeCookie.serialize("es") },
    });
    expect(await getLocale(chosen)).toBe("es");
  });

  it("gives loaders and actions its t, common by default or scoped to a namespace", async () => {
    expect((await getFixedT(await requestIn("en")))("app.skipToContent")).toBe("Skip to content");
    expect((await getFixedT(await requestIn()))("app.skipToContent")).toBe("Saltar al contenido");
    expect((await getFixedT(await requestIn("en"), "engagement"))("notifications.ago", { time: "1 day" })).toBe("1 day ago");
  });

  it("builds each language's translator once", () => {
    expect(translatorFor("en")).toBe(translatorFor("en"));
    expect(translatorFor("en").language).toBe("en");
    expect(translatorFor("es").language).toBe("es");
  });

  it("does not HTML-escape names: React escapes what it renders, toasts included", async () => {
    const t = await getFixedT(await requestIn("es"));
    expect(t("server:common.auth.welcomeToast", { name: "Ana & <Luis>" })).toBe("¡Bienvenido, Ana & <Luis>!");
  });
});
