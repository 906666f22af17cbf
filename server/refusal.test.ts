import { describe, expect, it } from "vitest";
import { refusalPage } from "./refusal";

describe("the server's own pages", () => {
  it("are written in the request's language, with the request id and a way back", () => {
    expect(refusalPage("crossSite", "es", "id-1")).toContain('<html lang="es">');
    expect(refusalPage("crossSite", "es", "id-1")).toContain("Solicitud rechazada");
    expect(refusalPage("crossSite", "es", "id-1")).toContain("Código de referencia: id-1");
    expect(refusalPage("tooLarge", "en", "id-2")).toContain("too large");
    expect(refusalPage("tooLarge", "en", "id-2")).toContain("Reference code: id-2");
    expect(refusalPage("method", "en", "id-3")).toContain('<a href="/">Back to Academia</a>');
  });
});
