/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { context } from "./helpers";

/**
 * Every route module that exports an action refuses a cross-site POST with 403, before anything
 * else happens (no redirect, no upstream call). New actions are covered automatically.
 */
type RouteModule = { action?: (args: { request: Request; params: Record<string, string>; context: object }) => unknown };
const modules = import.meta.glob<RouteModule>(["../../app/routes/**/*.{ts,tsx}", "!**/*.test.{ts,tsx}"]);
const routes = (
  await Promise.all(Object.entries(modules).map(async ([path, load]) => ({ path, action: (await load()).action })))
).flatMap(({ path, action }) => (action ? [{ path, action }] : []));

async function statusOf(run: () => unknown): Promise<number> {
  const outcome = await Promise.resolve()
    .then(run)
    .catch((error: unknown) => error);
  return outcome instanceof Response ? outcome.status : -1;
}

describe("cross-site requests", () => {
  it("finds the app's actions", () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
  });

  for (const { path, action } of routes) {
    it(`${path} refuses a foreign Origin and Sec-Fetch-Site: cross-site`, async () => {
      const crossSite: Array<Record<string, string>> = [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }];
      for (const headers of crossSite) {
        const request = new Request("http://localhost/any", { method: "POST", body: new FormData(), headers });
        expect(await statusOf(() => action({ request, params: { activity: "1", token: "abcdef", id: "1" }, context }))).toBe(403);
      }
    });
  }

  it("lets a same-origin POST through", async () => {
    const { assertSameOrigin } = await import("~/infra/same-origin.server");
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
    });
    expect(() => assertSameOrigin(request)).not.toThrow();
  });
});
