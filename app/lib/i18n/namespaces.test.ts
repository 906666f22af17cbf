import { describe, expect, it } from "vitest";
import { namespacesFor } from "./namespaces";

describe("namespacesFor", () => {
  it("is common alone for routes that declare nothing (root, a 404, a resource route)", () => {
    expect(namespacesFor([])).toEqual(["common"]);
    expect(namespacesFor([{ handle: undefined }, { handle: { other: true } }, { handle: null }])).toEqual(["common"]);
  });

  it("joins the matched routes' namespaces, common first, each once, in the routes' order", () => {
    const matches = [
      { handle: undefined },
      { handle: { i18n: ["engagement", "accessibility", "onboarding"] } },
      { handle: { i18n: ["profile", "engagement"] } },
      { handle: { i18n: ["common"] } },
    ];
    expect(namespacesFor(matches)).toEqual(["common", "engagement", "accessibility", "onboarding", "profile"]);
  });

  it("ignores a handle whose i18n is not a list", () => {
    expect(namespacesFor([{ handle: { i18n: "profile" } }])).toEqual(["common"]);
  });
});
