import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/locales";
import { type MockServer, startMockServer } from "../../server/mock";
import { type App, TEST_SECRETS, ensureBuilt, send, startBuiltApp, stopApp } from "./built-app";

/**
 * Per-route namespaces (decision 038), against the built server over real HTTP: each document
 * carries common and its routes' namespaces only; the others are served one by one, cached for
 * good under the current version.
 */
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const CREDENTIALS = "email=ana.martinez%40academia.test&password=Academia2026%21";

let mock: MockServer;
let app: App;
let cookie = "";

type Block = { version: string; resources: Record<string, unknown> };

async function documentStrings(path: string): Promise<Block> {
  const answer = await send(app.port, { method: "GET", path, headers: cookie ? { Cookie: cookie } : {} });
  expect(answer.status).toBe(200);
  const match = /<script type="application\/json" id="__i18n"[^>]*>(.*?)<\/script>/s.exec(answer.body);
  if (!match?.[1]) throw new Error(`no strings in ${path}`);
  return JSON.parse(match[1]) as Block;
}

const get = (path: string) => send(app.port, { method: "GET", path });

beforeAll(async () => {
  ensureBuilt();
  mock = await startMockServer({ port: 0, appKey: TEST_SECRETS.LEGACY_APP_KEY });
  app = await startBuiltApp({ LEGACY_API_URL: mock.url, FILES_HOST_URL: mock.origin });
  const login = await send(app.port, { path: "/login", headers: FORM, body: CREDENTIALS });
  expect(login.status).toBe(302);
  cookie = [login.headers["set-cookie"] ?? []]
    .flat()
    .map((line) => line.split(";")[0])
    .join("; ");
}, 180_000);

afterAll(async () => {
  if (app) await stopApp(app);
  await mock?.close();
});

describe("a document's strings", () => {
  it.each([
    ["/", ["common", "engagement", "onboarding", "learning"]],
    ["/profile", ["common", "engagement", "onboarding", "profile"]],
    ["/ranking", ["common", "engagement", "onboarding"]],
  ])("%s carries common and its routes' namespaces only", async (path, namespaces) => {
    const { resources: carried } = await documentStrings(path);
    expect(Object.keys(carried)).toEqual(namespaces);
    expect(carried.common).toEqual(resources.es.common);
  });

  it("a guest page carries common alone, the accessibility statement its own too", async () => {
    const saved = cookie;
    cookie = "";
    expect(Object.keys((await documentStrings("/login")).resources)).toEqual(["common"]);
    cookie = saved;
    expect(Object.keys((await documentStrings("/accessibility")).resources)).toEqual(["common", "accessibility"]);
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

  it.each(["/locales/fr/profile", "/locales/es/nowhere", "/locales/es/constructor", "/locales/es/__proto__"])(
    "answers 404 for %s",
    async (path) => {
      expect((await get(path)).status).toBe(404);
    },
  );
});
