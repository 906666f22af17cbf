import { beforeEach, describe, expect, it } from "vitest";
import { searchItems } from "~/domain/search";
import { context, get, signedInCookie, withLegacy } from "./helpers";

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
