import type { Params, ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { describe, expect, it } from "vitest";
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

  it("reads another page", () => {
    expect(revalidateBeneath("routes/another")(asked("/learning-path/a", "/learning-path/b"))).toBe(true);
  });
});
