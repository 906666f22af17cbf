import { describe, expect, it } from "vitest";
import { getFixedT, getLocale, localeCookie, translatorFor } from "./language.server";

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
