import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each(["/", "/ranking", "/learning-path/formacion-inicial/12?x=1#top"])("keeps the same-origin path %s", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "evil",
    "/\t/evil.example",
    "/.//evil.example",
    "/x/..//evil.example",
    "",
    null,
    undefined,
  ])("refuses %s", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });

  it("never leaves the origin, whatever it is given", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath()), (target) => {
        const result = safeRedirect(target);
        const resolved = new URL(result, "http://academia.test");
        expect(resolved.origin).toBe("http://academia.test");
        expect(result.startsWith("/")).toBe(true);
        expect(result.startsWith("//")).toBe(false);
      }),
    );
  });
});
