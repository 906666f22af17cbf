import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSsoQuery } from "~/infra/sso.server";
import { LOGIN_ATTEMPTS_PER_IP_AND_ACCOUNT } from "../../app/infra/rate-limit.server";
import { type MockServer, startMockServer } from "../../mock";
import { type App, TEST_SECRETS, ensureBuilt, freePort, send, startBuiltApp, stopApp } from "./built-app";

/**
 * Issue #12 item 14: the built app behind a real nginx (Debian's package, which `.ci/run`
 * installs) with the proxy settings of deploy/nginx-proxy.conf, which rewrite Host to the
 * upstream's: sign-in, a form post, an SSO link and the per-IP limit by the address nginx appends
 * to X-Forwarded-For, the clients coming from different loopback addresses.
 */
const NGINX = "/usr/sbin/nginx";
const present = existsSync(NGINX);
// Skipped only on a developer's machine without it; CI (`.ci/run` installs it) never skips.
if (!present && process.env.CI) throw new Error(`${NGINX} is missing: .ci/run installs Debian's nginx`);
if (!present) console.warn(`nginx.test.ts skipped: ${NGINX} is not installed (apt-get install nginx)`);

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const learner = "email=ana.martinez%40academia.test&password=Academia2026%21";

let mock: MockServer;
let app: App;
let nginx: ChildProcess;
let nginxExit: Promise<unknown>;
let port: number;
let prefix: string;

/** Through nginx, from the loopback address `from` (each one is a different client to nginx). */
const viaProxy = (from: string, request: Parameters<typeof send>[1]) =>
  send(port, { ...request, localAddress: from, headers: { Origin: `http://127.0.0.1:${port}`, ...request.headers } });

const cookiesOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((line) => line.split(";")[0])
    .join("; ");

describe.skipIf(!present)("behind nginx", () => {
  beforeAll(async () => {
    ensureBuilt();
    mock = await startMockServer({ port: 0, appKey: TEST_SECRETS.LEGACY_APP_KEY });
    app = await startBuiltApp({ LEGACY_API_URL: mock.url, FILES_HOST_URL: mock.origin, TRUST_PROXY: "1" });
    port = await freePort();
    prefix = mkdtempSync(join(tmpdir(), "academia-nginx-"));
    const conf = join(prefix, "nginx.conf");
    writeFileSync(
      conf,
      `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 128; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${app.port};
      include ${resolve("deploy/nginx-proxy.conf")};
    }
  }
}
`,
    );
    nginx = spawn(NGINX, ["-p", prefix, "-c", conf, "-e", join(prefix, "error.log")], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    nginxExit = new Promise((done) => nginx.on("exit", done));
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error("nginx did not start");
  }, 180_000);

  afterAll(async () => {
    nginx?.kill("SIGTERM");
    await nginxExit;
    if (app) await stopApp(app);
    await mock?.close();
    if (prefix) rmSync(prefix, { recursive: true, force: true });
  });

  it("signs in with a same-origin POST and posts a form with the session (the forwarded host, port included, is the origin)", async () => {
    const signedIn = await viaProxy("127.0.0.4", { path: "/login", headers: FORM, body: learner });
    expect(signedIn.status).toBe(302);
    const cookie = cookiesOf(signedIn.headers["set-cookie"]);
    expect((await viaProxy("127.0.0.4", { method: "GET", path: "/", headers: { Cookie: cookie } })).status).toBe(200);
    const language = await viaProxy("127.0.0.4", {
      path: "/set-language",
      headers: { ...FORM, Cookie: cookie },
      body: "lng=en&redirectTo=%2F",
    });
    expect(language.status).toBe(302);
    expect(cookiesOf(language.headers["set-cookie"])).toMatch(/^lng=/);
    const foreign = await viaProxy("127.0.0.4", {
      path: "/login",
      headers: { ...FORM, Origin: "https://evil.example" },
      body: learner,
    });
    expect(foreign.status).toBe(403);
  });

  it("signs in with an SSO link", async () => {
    const query = buildSsoQuery(
      { email: "ana.martinez@academia.test" },
      { key: TEST_SECRETS.SSO_AES_KEY, iv: TEST_SECRETS.SSO_AES_IV },
    );
    const answer = await viaProxy("127.0.0.5", { method: "GET", path: `/welcome?${query}` });
    expect(answer.status).toBe(302);
    expect(cookiesOf(answer.headers["set-cookie"])).toMatch(/__Host-academia=/);
  });

  it("limits wrong passwords by the address nginx saw, whatever X-Forwarded-For the client sends", async () => {
    const wrong = (from: string, account: string, spoofed?: string) =>
      viaProxy(from, {
        path: "/login",
        headers: { ...FORM, ...(spoofed ? { "X-Forwarded-For": spoofed } : {}) },
        body: `email=${encodeURIComponent(account)}&password=wrong-password`,
      });
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_IP_AND_ACCOUNT; i++) {
      expect((await wrong("127.0.0.2", "carlos.ruiz@academia.test", `198.51.100.${i}`)).status).not.toBe(429);
    }
    expect((await wrong("127.0.0.2", "carlos.ruiz@academia.test")).status).toBe(429);
    expect((await wrong("127.0.0.2", "carlos.ruiz@academia.test", "198.51.100.77")).status).toBe(429);
    expect((await wrong("127.0.0.3", "lucia.gomez@academia.test")).status).not.toBe(429);
  });
});
