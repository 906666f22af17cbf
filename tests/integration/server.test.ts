import { readdirSync, readFileSync } from "node:fs";
import { type IncomingHttpHeaders, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoSecrets } from "~/infra/config.server";
import { buildSsoQuery } from "~/infra/sso.server";
import { type MockServer, startMockServer } from "../../mock";
import { ACCESS_TOKEN_CANARY } from "../../mock/store";
import { SECRET_MARKERS } from "../e2e/leaks";
import { type App, ensureBuilt, freePort, launch as launchApp } from "./built-app";
import { unsealSession } from "./helpers";

/**
 * Issue #7 against the built app over real HTTP, in production mode: the security headers of
 * 200, 404 and 500 pages, the session cookie's flags, legacy faults, a SIGTERM under load, two
 * instances sharing sessions, and no token, application key or SSO value in any response or log.
 */
const APP_KEY = "canary-app-key-7f3a9c21";
const SECRETS = {
  LEGACY_APP_KEY: APP_KEY,
  SESSION_SECRET: "server-test-session-secret-0123456789abcdef",
  SSO_AES_KEY: "00112233445566778899aabbccddeeff",
  SSO_AES_IV: "ffeeddccbbaa99887766554433221100",
};
const learner = { email: "ana.martinez@academia.test", password: "Academia2026!" };

const apps: App[] = [];
/** Everything any app sent back in these tests: status line, headers but the sealed cookie, body. */
const seen: string[] = [];
let mock: MockServer;
let a: App;
let b: App;

async function launch(script: string, env: Record<string, string>, cwd?: string): Promise<App> {
  const app = await launchApp(script, env, cwd);
  apps.push(app);
  return app;
}

/** One instance of the app server on the test's mock (or on `legacyUrl`). */
function startApp(legacyUrl = mock.url, cwd?: string) {
  return launch(
    "build/bin/serve.js",
    {
      ...SECRETS,
      LEGACY_API_URL: legacyUrl,
      FILES_HOST_URL: mock.origin,
      // Generous, so a busy machine (the whole suite runs in parallel) never times a page out.
      LEGACY_TIMEOUT_MS: "3000",
      SHUTDOWN_DELAY_MS: "300",
    },
    cwd,
  );
}

async function call(app: App, path: string, init: RequestInit = {}): Promise<{ response: Response; body: string }> {
  const response = await fetch(`${app.origin}${path}`, { redirect: "manual", ...init });
  const body = await response.text();
  const headers = [...response.headers].filter(([name]) => name !== "set-cookie").map(([n, v]) => `${n}: ${v}`);
  const cookies = response.headers.getSetCookie().filter((line) => !line.startsWith("__Host-academia="));
  seen.push(`${response.status} ${path}`, ...headers, ...cookies, body);
  return { response, body };
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

async function signIn(app: App): Promise<{ cookie: string; setCookie: string }> {
  const { response } = await call(app, "/login", { method: "POST", body: new URLSearchParams(learner) });
  expect(response.status).toBe(302);
  const setCookie = response.headers.getSetCookie().find((line) => line.startsWith("__Host-academia=")) ?? "";
  return { cookie: cookieOf(response), setCookie };
}

beforeAll(async () => {
  // The tests run the built server; build when the sources are newer (as `npm start` does).
  ensureBuilt();
  mock = await startMockServer({ port: 0, appKey: APP_KEY });
  [a, b] = await Promise.all([startApp(), startApp()]);
}, 180_000);

afterAll(async () => {
  for (const app of apps) app.child.kill("SIGINT");
  await Promise.all(apps.map((app) => app.exit));
  await mock?.close();
});

describe("security headers", () => {
  const csp = (response: Response) => response.headers.get("content-security-policy") ?? "";

  function expectHardened(response: Response) {
    expect(csp(response)).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
    for (const part of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp(response)).toContain(part);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
  }

  it("are on a 200 page, with a new nonce on every request", async () => {
    const first = await call(a, "/login");
    const second = await call(a, "/login");
    expect(first.response.status).toBe(200);
    expectHardened(first.response);
    expect(csp(first.response)).not.toBe(csp(second.response));
  });

  it("are on a 404 page", async () => {
    const { response } = await call(a, "/recovery/expired-token-000000");
    expect(response.status).toBe(404);
    expectHardened(response);
  });

  it("are on the server's own refusal pages (a JSON body, once a 500), which show no stack", async () => {
    const { response, body } = await call(a, "/recovery", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(response.status).toBe(415);
    expect(csp(response)).toMatch(
      /^default-src 'none'; style-src 'sha256-[\w+/]+=*'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
    );
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(body).toContain("Formato no admitido");
    expect(body).toContain(`Código de referencia: ${response.headers.get("x-request-id")}`);
    expect(body).not.toMatch(/\n\s+at |TypeError/);
  });

  it("relax framing only for the /files/ proxy, to the app's own pages", async () => {
    const { cookie } = await signIn(a);
    const { response } = await call(a, "/files/storage/media/cover-auditoria.png", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(csp(response)).toBe("frame-ancestors 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("are on static files, resource routes and redirects, each header once", async () => {
    for (const path of ["/favicon.ico", "/no-such-page", "/healthz", "/set-language"]) {
      const { response } = await call(a, path);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("let a response that says how to cache replace the server's private, no-store", async () => {
    const { body } = await call(a, "/login");
    const script = /"(\/build\/[^"]+\.js)"/.exec(body)?.[1];
    const asset = await call(a, script ?? "/build/missing.js");
    expect(asset.response.status).toBe(200);
    expect(asset.response.headers.get("cache-control")).toBe("public,max-age=31536000,immutable");
    expect((await call(a, "/healthz")).response.headers.get("cache-control")).toBe("no-store");
    expect((await call(a, "/set-language")).response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("the browser's files", () => {
  /** One raw answer: Node's fetch would undo the encoding this checks. */
  const raw = (app: App, path: string, encoding: string, method = "GET") =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      request(`${app.origin}${path}`, { method, headers: { "Accept-Encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      })
        .on("error", reject)
        .end();
    });

  it("go out as the build compressed them, brotli or gzip as the browser accepts, the same bytes once decoded", async () => {
    const asset = /\/build\/entry\.client-[\w-]+\.js/.exec((await call(a, "/login")).body)?.[0] ?? "";
    const plain = await raw(a, asset, "identity");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const decode = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accepted, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const encoded = await raw(a, asset, accepted);
      expect(encoded.headers["content-encoding"], accepted).toBe(encoding);
      expect(encoded.headers.vary).toMatch(/accept-encoding/i);
      expect(encoded.headers["content-type"]).toMatch(/^text\/javascript/);
      expect(encoded.headers["cache-control"]).toBe("public,max-age=31536000,immutable");
      expect(encoded.body.length).toBeLessThan(plain.body.length);
      expect(decode[encoding](encoded.body).equals(plain.body)).toBe(true);
    }
    const head = await raw(a, asset, "br", "HEAD");
    expect([head.status, head.body.length, head.headers["content-encoding"]]).toEqual([200, 0, "br"]);
  });

  it("begin, for the framework's chunk alone, with V8's hint to compile it whole as it arrives (decision 081)", async () => {
    const { outputs } = JSON.parse(readFileSync("build/metafile.js.json", "utf8")) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const scripts = Object.keys(outputs).filter((output) => output.endsWith(".js"));
    const framework = scripts.filter((output) =>
      Object.keys(outputs[output]!.inputs).some((input) => input.includes("react-dom/cjs")),
    );
    expect(framework).toHaveLength(1);
    const page = (await call(a, "/login")).body;
    for (const output of scripts.filter((output) => page.includes(output.replace(/^public/, "")))) {
      const path = output.replace(/^public/, "");
      const brotli = await raw(a, path, "br");
      const answers = [
        (await raw(a, path, "identity")).body,
        brotli.headers["content-encoding"] === "br" ? brotliDecompressSync(brotli.body) : brotli.body,
      ];
      for (const body of answers) {
        expect(body.toString("utf8").startsWith("//# allFunctionsCalledOnLoad\n"), path).toBe(framework.includes(output));
      }
    }
    expect(page).toContain(framework[0]!.replace(/^public/, ""));
  });

  it("are only the build's: a file it does not have, or one outside it, is what any unknown path gets", async () => {
    const { cookie } = await signIn(a);
    const unknown = await call(a, "/no-such-page/at-all", { headers: { Cookie: cookie } });
    for (const path of [
      "/build/missing.js",
      "/build/missing.js.br",
      "/build/../package.json",
      "/build/%2e%2e/package.json",
      "/build/_shared",
    ]) {
      const { response, body } = await call(a, path, { headers: { Cookie: cookie } });
      expect([response.status, response.headers.get("location")], path).toEqual([
        unknown.response.status,
        unknown.response.headers.get("location"),
      ]);
      expect(body, path).not.toContain('"name": "academia');
    }
  });
});

describe("session cookie in production", () => {
  it("is __Host-, Secure, HttpOnly, SameSite=Lax, Path=/ and new on every sign-in", async () => {
    const first = await signIn(a);
    const second = await signIn(a);
    const attributes = first.setCookie.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax", "path=/"]));
    expect(attributes.some((part) => part.startsWith("domain="))).toBe(false);
    const [one, two] = await Promise.all([first, second].map(({ cookie }) => unsealSession(cookie, SECRETS.SESSION_SECRET)));
    expect(one?.token).toMatch(/^canary-access-token-/);
    expect(two?.token).not.toBe(one?.token);
    expect(two?.issuedAt).toBeGreaterThanOrEqual(one?.issuedAt ?? Infinity);
  });
});

describe("Remix's own query parameters", () => {
  it("are stripped before the guard: ?index and ?_routes keep a signed-in page and its session", async () => {
    const { cookie } = await signIn(a);
    for (const path of [
      "/?index",
      "/ranking?_routes=routes%2F_app%2B%2Franking",
      "/ranking.data?_routes=routes%2F_app%2B%2Franking",
    ]) {
      const { response } = await call(a, path, { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(200);
      expect(
        response.headers.getSetCookie().filter((line) => line.startsWith("__Host-academia=")),
        path,
      ).toEqual([]);
    }
  });
});

describe("scale-out", () => {
  it("a session made on one instance works on the other, and a logout on one ends it on both", async () => {
    const { cookie } = await signIn(a);
    const home = await call(b, "/", { headers: { Cookie: cookie } });
    expect(home.response.status).toBe(200);
    expect(home.body).toContain("Ana");
    const out = await call(a, "/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(out.response.headers.get("location")).toBe("/welcome");
    const replay = await call(b, "/", { headers: { Cookie: cookie } });
    expect(replay.response.status).toBe(302);
    expect(replay.response.headers.get("location")).toBe("/login");
  });
});

describe("request bodies", () => {
  it("a form body over 64 KiB gets 413 before any route reads it, and a small one of undeclared length reaches its route", async () => {
    const big = new URLSearchParams({ email: "a@b.co", password: "x".repeat(70 * 1024) });
    expect((await call(a, "/login", { method: "POST", body: big })).response.status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("email=a%40b.co&password=x"));
        controller.close();
      },
    });
    const chunked = await call(a, "/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(chunked.response.status).toBe(400);
    // A small form still reaches its route.
    expect((await call(a, "/login", { method: "POST", body: new URLSearchParams(learner) })).response.status).toBe(302);
  });
});

describe("readiness and logs", () => {
  it("/readyz stays 200 while the legacy API is down: the app's own error pages answer, not the balancer's", async () => {
    mock.setFaults({ errorRate: 1 });
    try {
      expect((await call(a, "/readyz")).response.status).toBe(200);
    } finally {
      mock.setFaults({ errorRate: 0 });
    }
  });

  it("log a recovery link without its token and an asset with its /build/ path", async () => {
    const token = "live-reset-token-4f1b2c3d";
    await call(a, `/recovery/${token}`);
    const asset = /\/build\/entry\.client-[\w-]+\.js/.exec((await call(a, "/login")).body)?.[0] ?? "";
    expect(asset).not.toBe("");
    expect((await call(a, asset)).response.status).toBe(200);
    const requests = a.logs.filter((line) => line.includes('"msg":"request"'));
    expect(requests.some((line) => line.includes('"path":"/recovery/:token"'))).toBe(true);
    expect(requests.some((line) => line.includes(`"path":"${asset}"`))).toBe(true);
    expect(a.logs.some((line) => line.includes(token))).toBe(false);
  });

  it("serve the static files whatever directory the server was started from", async () => {
    const elsewhere = await startApp(mock.url, tmpdir());
    for (const path of ["/favicon.ico", "/icons/icon-192.png", "/images/default-cover.svg"]) {
      expect((await call(elsewhere, path)).response.status, path).toBe(200);
    }
    elsewhere.child.kill("SIGINT");
    await elsewhere.exit;
  });
});

describe("legacy API faults", () => {
  const faults = [
    ["answering 500", { errorRate: 1 }],
    ["answering malformed JSON", { malformedRate: 1 }],
    ["slower than LEGACY_TIMEOUT_MS", { latencyMs: 3500 }],
  ] as const;
  const none = { errorRate: 0, malformedRate: 0, latencyMs: 0 };

  async function expectFriendlyPage(app: App, cookie: string, language: "es" | "en") {
    const lng = language === "en" ? "; lng=ImVuIg%3D%3D" : "";
    const { response, body } = await call(app, "/", { headers: { Cookie: `${cookie}${lng}` } });
    expect(response.status).toBe(503);
    const requestId = response.headers.get("x-request-id") ?? "";
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    if (language === "es") {
      expect(body).toContain("Ups algo salio mal");
      expect(body).toContain(`Código de referencia: ${requestId}`);
    } else {
      expect(body).toContain("Oops, something went wrong");
      expect(body).toContain(`Reference code: ${requestId}`);
    }
    expect(body).not.toMatch(/\n\s+at |LegacyError|stack/);
    expect(app.logs.some((line) => line.includes(requestId) && line.includes('"legacy call"'))).toBe(true);
  }

  it.each(faults)("%s: a friendly page with the logged request id, in the user's language", async (_name, fault) => {
    const { cookie } = await signIn(a);
    mock.setFaults(fault);
    try {
      await expectFriendlyPage(a, cookie, "es");
      await expectFriendlyPage(a, cookie, "en");
    } finally {
      mock.setFaults(none);
    }
  });

  it("down: the same page, and a login form keeps what was typed", async () => {
    const down = await startApp(`http://127.0.0.1:${await freePort()}/v1/api`);
    const { cookie } = await signIn(a);
    await expectFriendlyPage(down, cookie, "es");
    const { response, body } = await call(down, "/login", { method: "POST", body: new URLSearchParams(learner) });
    expect(response.status).toBe(400);
    expect(body).toContain("Ups algo salio mal");
    expect(body).toContain(`value="${learner.email}"`);
    expect(body).not.toContain(learner.password);
  });

  it("an unexpected failure of a route's own data request names that request's id, logged once", async () => {
    const { cookie } = await signIn(a);
    mock.setFaults({ missingPaths: ["/general/home_activities"] });
    try {
      const route = encodeURIComponent("routes/_app+/learning-path+/$slug.$activity");
      const { response, body } = await call(a, `/learning-path/formacion-requerida/201.data?_routes=${route}`, {
        headers: { Cookie: cookie },
      });
      expect(response.status).toBe(500);
      const requestId = response.headers.get("x-request-id") ?? "";
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(body).toContain(requestId);
      expect(body).not.toMatch(/\n\s+at |LegacyError|stack/);
      expect(a.logs.filter((line) => line.includes(requestId) && line.includes('"request failed"'))).toHaveLength(1);
    } finally {
      mock.setFaults({ missingPaths: [] });
    }
  });

  it("never crash the process", async () => {
    expect((await call(a, "/healthz")).response.status).toBe(200);
    expect(a.child.exitCode).toBeNull();
  });
});

describe("SIGTERM", () => {
  /**
   * The load stands for traffic through a load balancer: it runs across the SIGTERM and stops
   * starting requests 200 ms after a probe first sees /readyz answer 503 (a balancer's lag), well
   * inside SHUTDOWN_DELAY_MS. Every request it started must succeed, refused connections included.
   */
  it("turns /readyz 503, finishes every started request and exits 0 (launcher and server)", async () => {
    const app = await launch("build/bin/start.js", {
      MOCK_LATENCY_MS: "100",
      SHUTDOWN_DELAY_MS: "2000",
      LEGACY_API_URL: "",
      DEMO_MODE: "1",
    });
    expect((await fetch(`${app.origin}/readyz`)).status).toBe(200);
    let ok = 0;
    let inFlightAtSignal = 0;
    let inFlight = 0;
    const failed: string[] = [];
    let stopAt = Infinity;
    const worker = async () => {
      while (performance.now() < stopAt) {
        inFlight++;
        try {
          const response = await fetch(`${app.origin}/login`);
          await response.text();
          if (response.status === 200) ok++;
          else failed.push(String(response.status));
        } catch (error) {
          failed.push((error as { cause?: { code?: string } }).cause?.code ?? String(error));
        } finally {
          inFlight--;
        }
      }
    };
    const load = Array.from({ length: 8 }, worker);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const okBefore = ok;
    app.child.kill("SIGTERM");
    inFlightAtSignal = inFlight;
    await expect.poll(() => fetch(`${app.origin}/readyz`).then((r) => r.status), { timeout: 1500, interval: 50 }).toBe(503);
    stopAt = performance.now() + 200;
    await Promise.all(load);
    expect(await app.exit).toBe(0);
    expect(failed).toEqual([]);
    expect(inFlightAtSignal).toBeGreaterThan(0);
    expect(ok).toBeGreaterThan(okBefore);
    expect(app.logs.some((line) => line.includes("stopped: every request finished"))).toBe(true);
  });
});

describe("secrets", () => {
  it("an SSO hand-off leaves no parameter, plain or encrypted, in the logs", async () => {
    const query = buildSsoQuery({ email: learner.email }, { key: SECRETS.SSO_AES_KEY, iv: SECRETS.SSO_AES_IV });
    const { response } = await call(a, `/welcome?${query}`);
    expect(response.status).toBe(302);
    const encrypted = new URLSearchParams(query).get("email") ?? "";
    await expect.poll(() => a.logs.some((line) => line.includes('"path":"/welcome"'))).toBe(true);
    const logs = a.logs.join("\n");
    expect(logs).not.toContain(learner.email);
    expect(logs).not.toContain(encrypted.slice(0, 16));
  });

  it("no access token or application key in any response or log line of these tests", () => {
    const everything = [...seen, ...apps.flatMap((app) => app.logs)].join("\n");
    expect(seen.length).toBeGreaterThan(50);
    expect(everything).not.toContain(ACCESS_TOKEN_CANARY);
    expect(everything).not.toContain(APP_KEY);
    expect(everything).not.toContain(demoSecrets.LEGACY_APP_KEY);
  });

  it("no token, application key or secret in the JS bundle", () => {
    const files = readdirSync("public/build", { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"));
    expect(files.length).toBeGreaterThan(5);
    const bundle = files.map((file) => readFileSync(join("public/build", file), "utf8")).join("\n");
    // SECRET_MARKERS: what a leak would look like (the canary every token carries, the demo app key).
    for (const secret of [...SECRET_MARKERS, ...Object.values(demoSecrets)]) {
      expect(bundle).not.toContain(secret);
    }
  });
});
