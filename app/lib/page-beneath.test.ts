import type { Params, ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { noteAnswered } from "~/offline/supported";
import { revalidateBeneath } from "./page-beneath";

/** The router's question to a route page's rule, from one address to another (the page's slug and, over it, a player's activity). */
function asked(from: string, to: string, defaultShouldRevalidate = true): ShouldRevalidateFunctionArgs {
  const params = (path: string): Params => {
    const [, , slug, activity] = path.split("/");
    return activity ? { slug, activity } : { slug };
  };
  return {
    currentUrl: new URL(from, "http://app.test"),
    nextUrl: new URL(to, "http://app.test"),
    currentParams: params(from),
    nextParams: params(to),
    defaultShouldRevalidate,
  };
}

describe("revalidateBeneath", () => {
  // The rule runs in the browser, which says whether it is online.
  beforeEach(() => vi.stubGlobal("navigator", { onLine: true }));
  afterEach(() => vi.unstubAllGlobals());

  it("reads nothing when a player opens or closes over a page that was read", () => {
    const rule = revalidateBeneath("routes/opened");
    expect(rule(asked("/learning-path/a", "/learning-path/a/203"))).toBe(false);
    expect(rule(asked("/learning-path/a/203", "/learning-path/a"))).toBe(false);
  });

  it("reads the page when × cuts short a write's revalidation, whose data had not come", () => {
    const rule = revalidateBeneath("routes/cut-short");
    // The player's write was confirmed: the revalidation reads the page behind it.
    expect(rule(asked("/learning-path/a/203", "/learning-path/a/203"))).toBe(true);
    // × is tapped before its data came (before React has drawn anything of it).
    expect(rule(asked("/learning-path/a/203", "/learning-path/a"))).toBe(true);
  });

  it("reads the page when × comes after a write's revalidation, even once its data has come; then no more", () => {
    const rule = revalidateBeneath("routes/two-writes");
    // Two writes confirmed in a row: each revalidation reads the page behind the player. The
    // first one's data may be drawn after the second has started, which the rule cannot see.
    expect(rule(asked("/learning-path/a/203", "/learning-path/a/203"))).toBe(true);
    expect(rule(asked("/learning-path/a/203", "/learning-path/a/203"))).toBe(true);
    expect(rule(asked("/learning-path/a/203", "/learning-path/a"))).toBe(true);
    // Read once: the next player opened and closed over it reads nothing.
    expect(rule(asked("/learning-path/a", "/learning-path/a/204"))).toBe(false);
    expect(rule(asked("/learning-path/a/204", "/learning-path/a"))).toBe(false);
  });

  it("offline, closing the player keeps the page as it is and reads it once back online", () => {
    const rule = revalidateBeneath("routes/offline");
    expect(rule(asked("/learning-path/a/203", "/learning-path/a/203"))).toBe(true);
    vi.stubGlobal("navigator", { onLine: false });
    expect(rule(asked("/learning-path/a/203", "/learning-path/a"))).toBe(false);
    vi.stubGlobal("navigator", { onLine: true });
    expect(rule(asked("/learning-path/a", "/learning-path/a/204"))).toBe(true);
  });

  it("closing the player after a request that could not be sent keeps the page, though the browser says it is online", () => {
    const rule = revalidateBeneath("routes/unreachable");
    expect(rule(asked("/learning-path/a/203", "/learning-path/a/203"))).toBe(true);
    noteAnswered(false);
    try {
      expect(rule(asked("/learning-path/a/203", "/learning-path/a"))).toBe(false);
    } finally {
      noteAnswered(true);
    }
    expect(rule(asked("/learning-path/a", "/learning-path/a/204"))).toBe(true);
  });

  it("a revalidation of the page with no player over it leaves nothing to read when a player opens", () => {
    const rule = revalidateBeneath("routes/no-player");
    expect(rule(asked("/learning-path/a", "/learning-path/a"))).toBe(true);
    expect(rule(asked("/learning-path/a", "/learning-path/a/203"))).toBe(false);
  });

  it("reads another page", () => {
    expect(revalidateBeneath("routes/another")(asked("/learning-path/a", "/learning-path/b"))).toBe(true);
  });
});
