import { describe, expect, it } from "vitest";
import { acceptedLanguage, languageOf, localeCookie } from "./locale";
import { refusalPage } from "./refusal";

describe("the language of the server's own pages", () => {
  it("reads Accept-Language by weight, supported languages only", () => {
    expect(acceptedLanguage("en-GB,en;q=0.9,es;q=0.8")).toBe("en");
    expect(acceptedLanguage("fr-FR, es;q=0.5, en;q=0.7")).toBe("en");
    expect(acceptedLanguage("de, fr")).toBeNull();
    expect(acceptedLanguage("en;q=0")).toBeNull();
    expect(acceptedLanguage(undefined)).toBeNull();
  });

  it("prefers the lng cookie, then Accept-Language, then Spanish", async () => {
    const english = await localeCookie.serialize("en");
    expect(await languageOf(english, "es")).toBe("en");
    expect(await languageOf("lng=garbage", "en-US")).toBe("en");
    expect(await languageOf(undefined, undefined)).toBe("es");
  });

  it("writes the page in that language, with the request id and a way back", () => {
    expect(refusalPage("crossSite", "es", "id-1")).toContain('<html lang="es">');
    expect(refusalPage("crossSite", "es", "id-1")).toContain("Solicitud rechazada");
    expect(refusalPage("crossSite", "es", "id-1")).toContain("Código de referencia: id-1");
    expect(refusalPage("tooLarge", "en", "id-2")).toContain("too large");
    expect(refusalPage("tooLarge", "en", "id-2")).toContain("Reference code: id-2");
    expect(refusalPage("method", "en", "id-3")).toContain('<a href="/">Back to Academia</a>');
  });
});
