import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { searchItems } from "~/domain/search";
import { caught, context, get, post, replyOf, signedInCookie, spyOnUpstream, upstreamUrls, withLegacy } from "./helpers";

/** The search page's loader (issue #29 item 3) against the mock legacy API over HTTP. */

withLegacy();
let cookie: string;
beforeEach(async () => {
  cookie = await signedInCookie();
});

async function search(query: string) {
  const { loader } = await import("~/routes/_app+/search+/_index");
  return loader({ request: get(`/search?q=${encodeURIComponent(query)}`, cookie), params: {}, context });
}

describe("search loader", () => {
  it("lists every route, open course and playable activity with its state; 'auditoria' finds 'Auditoría'", async () => {
    const { query, items } = await search("auditoria");
    expect(query).toBe("auditoria");
    const found = searchItems(items, query);
    expect(found.map((item) => item.title)).toContain("Guía de auditoría interna");
    expect(found.find((item) => item.title === "Guía de auditoría interna")).toMatchObject({
      kind: "activity",
      href: "/learning-path/formacion-inicial/103",
      routeName: "Formación Inicial",
      status: "finished",
    });
    expect(items.find((item) => item.kind === "route" && item.title === "Formación Requerida")).toMatchObject({ progress: 25 });
    // A locked escape room is listed as locked; a route not yet open is listed, its activities are not.
    expect(items.find((item) => item.href === "/learning-path/formacion-requerida/209")?.status).toBe("locked");
    expect(items.find((item) => item.kind === "route" && item.title === "Formación Dirigida")?.status).toBe("comingSoon");
    expect(items.some((item) => item.href.startsWith("/learning-path/formacion-dirigida/"))).toBe(false);
  });

  it("suggests the home lists, and cuts a hostile query", async () => {
    const { query, recent, mostViewed } = await search(`<script>${"ñ".repeat(500)}`);
    expect(query).toHaveLength(100);
    expect(recent.length).toBeGreaterThan(0);
    // Home's lists open the player over home.
    for (const item of mostViewed) expect(item.href).toMatch(/^\/\d+$/);
  });
});

describe("search loader, attacked (issue #29)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends a cookie kept from before signing out to sign in again, and reads nothing for it", async () => {
    const { action } = await import("~/routes/logout");
    await action({ request: post("/logout", {}, cookie), params: {}, context });
    const answer = await caught(search("auditoria"));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/(welcome|login)/);
  });

  it("answers the legacy API down, failing or sending garbage with the service page (503, the request's id), never a 500", async () => {
    for (const reply of [
      () => Promise.reject(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" })),
      () => Promise.resolve(new Response("<html>garbage", { status: 200, headers: { "Content-Type": "application/json" } })),
      () => Promise.resolve(Response.json({ message: "Server Error" }, { status: 500 })),
    ]) {
      spyOnUpstream((url) => (url.endsWith("/training/learning_paths") ? reply() : undefined));
      const thrown: unknown = await search("auditoria").then(
        () => null,
        (reason: unknown) => reason,
      );
      const answer = replyOf(thrown);
      expect(answer.status).toBe(503);
      expect(answer.data).toMatchObject({ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      vi.restoreAllMocks();
    }
  });

  it("answers twelve searches at once, as a shared link opened by a whole team would, each with its own query", async () => {
    const spy = spyOnUpstream();
    // Twelve pages at once are 36 legacy calls, each within the tests' legacy deadline on a busy machine.
    const queries = Array.from({ length: 12 }, (_, index) => "auditoria".slice(0, (index % 9) + 1));
    const answers = await Promise.all(queries.map((query) => search(query)));
    expect(answers.map((answer) => answer.query)).toEqual(queries);
    for (const answer of answers) expect(searchItems(answer.items, "auditoria").length).toBeGreaterThan(0);
    // One catalogue read per page at most: typing filters in the browser (search.spec), never here.
    expect(upstreamUrls(spy).filter((url) => url.endsWith("/training/learning_paths")).length).toBeLessThanOrEqual(12);
  });
});
