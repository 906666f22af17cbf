import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { opensVr, withoutVr, withVr } from "./vr";

describe("the VR dialog's URLs", () => {
  it.each([
    ["/", "", "/?vr", "/"],
    ["/ranking", "", "/ranking?vr", "/ranking"],
    [
      "/learning-path/formacion-requerida/205",
      "?vr",
      "/learning-path/formacion-requerida/205?vr",
      "/learning-path/formacion-requerida/205",
    ],
    ["/notifications", "?page=2", "/notifications?page=2&vr", "/notifications?page=2"],
    ["/faq", "?vr=1&page=2", "/faq?page=2&vr", "/faq?page=2"],
  ])("on %s%s opens over the page and closes back to it", (pathname, search, open, closed) => {
    expect(withVr({ pathname, search })).toBe(open);
    expect(withoutVr({ pathname, search })).toBe(closed);
    expect(opensVr(new URL(open, "http://a.test").search)).toBe(true);
    expect(opensVr(new URL(closed, "http://a.test").search)).toBe(false);
  });

  it("closing gives back exactly the page it was opened from, whatever that page's query", () => {
    const params = fc.dictionary(
      fc.string({ minLength: 1 }).filter((name) => name !== "vr"),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.webPath(), params, (webPath, entries) => {
        // A location as the browser holds it: one leading slash, dots resolved.
        const { pathname } = new URL(`/${webPath.replace(/^\/+/, "")}`, "http://a.test");
        fc.pre(!pathname.startsWith("//"));
        const query = new URLSearchParams(entries).toString();
        const page = query ? `${pathname}?${query}` : pathname;
        const opened = new URL(withVr({ pathname, search: query ? `?${query}` : "" }), "http://a.test");
        expect(opened.host).toBe("a.test");
        expect(opensVr(opened.search)).toBe(true);
        expect(withoutVr({ pathname: opened.pathname, search: opened.search })).toBe(page);
        expect(withVr({ pathname: opened.pathname, search: opened.search })).toBe(`${opened.pathname}${opened.search}`);
      }),
      { numRuns: 500 },
    );
  });

  it("never links to another host, even from a path that starts with two slashes", () => {
    for (const pathname of ["//evil.test", "///evil.test/x", "//"]) {
      for (const url of [withVr({ pathname, search: "" }), withoutVr({ pathname, search: "?vr" })]) {
        expect(url.startsWith("//")).toBe(false);
        expect(new URL(url, "http://a.test").host).toBe("a.test");
      }
    }
  });
});
