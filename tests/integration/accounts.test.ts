import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_VERDICT_MS } from "~/infra/auth.server";
import { type MockServer, startMockServer } from "../../mock";
import { type App, TEST_SECRETS, ensureBuilt, freePort, launch, stop } from "./built-app";
import { cookiesOf } from "./helpers";

/**
 * Issue #12 items 4–6 against the built app over real HTTP: the files proxy reaches only media
 * folders, the embedded mock has no test endpoints, a logged-out cookie opens no file on any
 * instance, and personalised responses are never cached.
 */
const APP_KEY = "accounts-test-app-key-0123";
const SECRETS = { ...TEST_SECRETS, LEGACY_APP_KEY: APP_KEY };
const ana = { email: "ana.martinez@academia.test", password: "Academia2026!" };
const carlos = { email: "carlos.ruiz@academia.test", password: "Academia2026!" };
const IMAGE = "/files/storage/media/cover-auditoria.png";
const PDF_PAGE = "/pdf-pages/360/storage/media/guia-auditoria-interna.pdf/1.webp";

let mock: MockServer;
let a: App;
let b: App;
let embedded: App;
let embeddedMockPort: number;

const get = (app: App, path: string, cookie = "", headers: Record<string, string> = {}) =>
  fetch(`${app.origin}${path}`, { redirect: "manual", headers: { Cookie: cookie, ...headers } });

const post = (app: App, path: string, fields: Record<string, string>, cookie = "") =>
  fetch(`${app.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie },
  });

async function signIn(app: App, who = ana): Promise<string> {
  const response = await post(app, "/login", who);
  expect(response.status).toBe(302);
  return cookiesOf(response);
}

beforeAll(async () => {
  ensureBuilt();
  // The harness's mock, test endpoints on: the proxy's allow-list alone must keep them out of reach.
  mock = await startMockServer({ port: 0, appKey: APP_KEY, testEndpoints: true });
  embeddedMockPort = await freePort();
  const env = { ...SECRETS, LEGACY_API_URL: mock.url, FILES_HOST_URL: mock.origin, LEGACY_TIMEOUT_MS: "3000" };
  [a, b, embedded] = await Promise.all([
    launch("build/bin/serve.js", env),
    launch("build/bin/serve.js", env),
    // What `npm start` and `docker run` start: the launcher with its embedded mock.
    launch("build/bin/start.js", { LEGACY_API_URL: "", DEMO_MODE: "1", MOCK_PORT: String(embeddedMockPort) }),
  ]);
}, 180_000);

afterAll(async () => {
  await stop([a, b, embedded].filter(Boolean));
  await mock?.close();
});

describe("account takeover through the files proxy (item 4)", () => {
  it("embedded mode: a recovery for Carlos, then Ana cannot read the outbox, neither through /files nor on the mock", async () => {
    const recovery = await post(embedded, "/recovery", { email: carlos.email });
    expect(recovery.status).toBe(200);
    const cookie = await signIn(embedded);
    for (const path of ["/files/__mock/outbox", "/files/__mock/calls", "/files/%5F%5Fmock/outbox"]) {
      const response = await get(embedded, path, cookie);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain("token");
    }
    expect((await fetch(`http://127.0.0.1:${embeddedMockPort}/__mock/outbox`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${embeddedMockPort}/__mock/reset`, { method: "POST" })).status).toBe(404);
    // The media still come through.
    expect((await get(embedded, IMAGE, cookie)).status).toBe(200);
  });

  it("the proxy forwards only the media folders, whatever else the files host serves", async () => {
    await post(a, "/recovery", { email: carlos.email });
    const outbox = (await (await fetch(`${mock.origin}/__mock/outbox`)).json()) as { messages: Array<{ token: string }> };
    const token = outbox.messages.at(-1)?.token ?? "";
    expect(token).not.toBe("");
    const cookie = await signIn(a);
    for (const path of ["/files/__mock/outbox", "/files/v1/api/get_user_info", "/files/__mock/health", "/files/storage"]) {
      const response = await get(a, path, cookie);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain(token);
    }
    expect((await get(a, "/files/storage/../__mock/outbox", cookie)).status).toBe(404);
    expect((await get(a, "/files/storage/..%2F__mock/outbox", cookie)).status).toBe(400);
    expect((await get(a, IMAGE, cookie)).status).toBe(200);
  });
});

describe("a logged-out cookie (item 5)", () => {
  it("opens no file and no PDF page on the instance that logged out, at once", async () => {
    const cookie = await signIn(a);
    expect((await get(a, IMAGE, cookie)).status).toBe(200);
    expect((await get(a, PDF_PAGE, cookie)).status).toBe(200);
    expect((await post(a, "/logout", {}, cookie)).headers.get("location")).toBe("/welcome");
    for (const path of [IMAGE, PDF_PAGE]) {
      const response = await get(a, path, cookie);
      expect(response.status, path).toBe(401);
      expect(response.headers.getSetCookie().join(), path).toMatch(/__Host-academia=;/);
    }
  });

  it("signing out again lands where signing out does, not on the sign-in page", async () => {
    const cookie = await signIn(a);
    expect((await post(a, "/logout", {}, cookie)).headers.get("location")).toBe("/welcome");
    // The second post of a form sent twice, after the first one's answer cleared the cookie.
    expect((await post(a, "/logout", {})).headers.get("location")).toBe("/welcome");
  });

  it("opens nothing on another instance, at once when it had not seen the cookie, within the verdict's window when it had", async () => {
    const fresh = await signIn(a);
    const seen = await signIn(a);
    expect((await get(b, IMAGE, seen)).status).toBe(200);
    await post(a, "/logout", {}, fresh);
    await post(a, "/logout", {}, seen);
    expect((await get(b, IMAGE, fresh)).status).toBe(401);
    expect((await get(b, PDF_PAGE, fresh)).status).toBe(401);
    await expect
      .poll(async () => (await get(b, IMAGE, seen)).status, { timeout: LIVE_VERDICT_MS + 3000, interval: 250 })
      .toBe(401);
  });
});

describe("a slow legacy API (item 5)", () => {
  it("holds a file only for the live check's short deadline, not for the API's timeout", async () => {
    const cookie = await signIn(a);
    // b has never seen this token, so it asks the legacy API, which now answers after 2.5 s.
    mock.setFaults({ latencyMs: 2500 });
    try {
      const started = performance.now();
      expect((await get(b, IMAGE, cookie)).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(2500);
    } finally {
      mock.setFaults({ latencyMs: 0 });
    }
  });
});

describe("caching of personalised responses (item 6)", () => {
  it("pages, data requests, redirects that set cookies, files and refusals say private, no-store", async () => {
    const login = await post(a, "/login", ana);
    const cookie = cookiesOf(login);
    const responses: Array<[string, Response]> = [
      ["sign-in redirect", login],
      ["page", await get(a, "/", cookie)],
      ["data", await get(a, "/ranking.data", cookie)],
      ["guest page", await get(a, "/login")],
      ["guard redirect", await get(a, "/ranking")],
      ["file", await get(a, IMAGE, cookie)],
      ["signed-out file", await get(a, IMAGE)],
      ["logout redirect", await post(a, "/logout", {}, cookie)],
    ];
    for (const [name, response] of responses) {
      expect(response.status, name).toBeLessThan(500);
      expect(response.headers.get("cache-control"), name).toBe("private, no-store");
    }
    // Static files keep their own long cache.
    expect((await get(a, "/favicon.ico")).headers.get("cache-control")).toMatch(/max-age=\d+/);
  });
});
