import { describe, expect, it } from "vitest";
import { COVERED } from "~/lib/page-beneath";
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

  it("leaves out a page's strings when a player's document covers it (app/lib/page-beneath.ts)", () => {
    const page = { handle: { i18n: ["learning", "help"] }, data: COVERED };
    const player = { handle: { i18n: ["player", "offline"] }, data: { state: "ready" } };
    expect(namespacesFor([page, player])).toEqual(["common", "player", "offline"]);
    expect(namespacesFor([{ ...page, data: { covered: false } }, player])).toEqual([
      "common",
      "learning",
      "help",
      "player",
      "offline",
    ]);
  });
});
