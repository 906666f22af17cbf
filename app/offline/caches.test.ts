import { describe, expect, it } from "vitest";
import { parseOwner } from "./caches";

describe("parseOwner", () => {
  it("reads the learner and language a signed-in page names", () => {
    expect(parseOwner("100001; lng=es")).toEqual({ user: 100001, lng: "es" });
    expect(parseOwner("7; lng=en")).toEqual({ user: 7, lng: "en" });
  });

  it("refuses anything else: no header, another shape, an id too long to be one", () => {
    for (const header of [
      null,
      "",
      "100001",
      "100001; lng=",
      "abc; lng=es",
      "1; lng=es; x",
      `${"9".repeat(13)}; lng=es`,
      "1; lng=ES",
    ]) {
      expect(parseOwner(header)).toBeNull();
    }
  });
});
