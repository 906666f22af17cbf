import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/locales";
import { STRINGS_LIMIT_BYTES } from "../../bench/lib/strings.mjs";
import { type MockServer, startMockServer } from "../../mock";
import { type App, TEST_SECRETS, ensureBuilt, send, signInByForm, startBuiltApp, stopApp } from "./built-app";

/**
 * Per-route namespaces (decision 038), against the built server over real HTTP: each document
 * carries common and its routes' namespaces only; the others are served one by one, cached for
 * good under the current version.
 */

let mock: MockServer;
let app: App;
let cookie = "";

type Block = { version: string; resources: Record<string, unknown>; bytes: number };

async function documentStrings(path: string): Promise<Block> {
  const answer = await send(app.port, { method: "GET", path, headers: cookie ? { Cookie: cookie } : {} });
  expect(answer.status).toBe(200);
  const match = /<script type="application\/json" id="__i18n"[^>]*>(.*?)<\/script>/s.exec(answer.body);
  if (!match?.[1]) throw new Error(`no strings in ${path}`);
  return { ...(JSON.parse(match[1]) as Omit<Block, "bytes">), bytes: Buffer.byteLength(match[1]) };
}

const get = (path: string) => send(app.port, { method: "GET", path });

beforeAll(async () => {
  ensureBuilt();
  mock = await startMockServer({ port: 0, appKey: TEST_SECRETS.LEGACY_APP_KEY });
  app = await startBuiltApp({ LEGACY_API_URL: mock.url, FILES_HOST_URL: mock.origin });
  cookie = await signInByForm(app);
}, 180_000);

afterAll(async () => {
  if (app) await stopApp(app);
  await mock?.close();
});

describe("a document's strings", () => {
  it.each([
    ["/", ["common", "learning", "help"]],
    ["/profile", ["common", "profile"]],
    ["/ranking", ["common", "engagement"]],
    ["/faq", ["common", "help"]],
    ["/notifications", ["common", "engagement"]],
  ])("%s carries common and its routes' namespaces only", async (path, namespaces) => {
    const { resources: carried } = await documentStrings(path);
    expect(Object.keys(carried)).toEqual(namespaces);
    expect(carried.common).toEqual(resources.es.common);
  });

  it.each(["/ranking", "/profile"])("%s's strings weigh at most the bench's limit (issue #16: 6 KB)", async (path) => {
    expect((await documentStrings(path)).bytes).toBeLessThanOrEqual(STRINGS_LIMIT_BYTES);
  });

  it("a guest page carries common and the guest pages' strings, the accessibility statement its own too", async () => {
    const saved = cookie;
    cookie = "";
    expect(Object.keys((await documentStrings("/login")).resources)).toEqual(["common", "guest"]);
    cookie = saved;
    expect(Object.keys((await documentStrings("/accessibility")).resources)).toEqual(["common", "guest", "accessibility"]);
  });

  it("no document carries what only the server reads", async () => {
    const pages = await Promise.all(["/", "/profile", "/ranking", "/faq"].map(documentStrings));
    for (const { resources: carried } of pages) expect(Object.keys(carried)).not.toContain("server");
    const toast = resources.es.server.common.auth.welcomeToast.split("{{")[0]!;
    const home = await send(app.port, { method: "GET", path: "/", headers: { Cookie: cookie } });
    expect(JSON.stringify(pages)).not.toContain(toast);
    expect(home.body).not.toContain(resources.es.server.common.app.description);
  });
});

describe("/locales/:lng/:ns", () => {
  it("serves a namespace under the document's version, cached for good", async () => {
    const { version } = await documentStrings("/");
    for (const language of ["es", "en"] as const) {
      const answer = await get(`/locales/${language}/profile?v=${version}`);
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toContain("application/json");
      expect(JSON.parse(answer.body)).toEqual(resources[language].profile);
    }
    expect((await get(`/locales/es/profile?v=${version}`)).headers["cache-control"]).toContain("immutable");
  });

  it("answers an old or missing version without caching it", async () => {
    for (const path of ["/locales/es/leader?v=old", "/locales/es/leader"]) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers["cache-control"]).toBe("no-cache");
    }
  });

  it.each([
    "/locales/fr/profile",
    "/locales/es/nowhere",
    "/locales/es/constructor",
    "/locales/es/__proto__",
    "/locales/es/server",
    "/locales/en/edge",
  ])("answers 404 for %s", async (path) => {
    expect((await get(path)).status).toBe(404);
  });
});
