import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../../mock";
import { type App, ensureBuilt, freePort, startBuiltApp, stop, TEST_SECRETS } from "./built-app";

/**
 * Issue #17 over real HTTP: two built replicas share one real redis-server (Debian's package;
 * `.ci/run` installs it) and one mock legacy API. Without redis-server the file is skipped on a
 * developer's machine, never in CI.
 */
const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;
if (!hasRedis && process.env.CI) throw new Error("redis-server is missing: .ci/run installs Debian's redis-server package");
if (!hasRedis) console.warn("tests/integration/redis.test.ts skipped: no redis-server here (apt-get install redis-server)");

const learner = { email: "ana.martinez@academia.test", password: "Academia2026!" };
const GUIDE_PAGE = "/pdf-pages/360/storage/media/guia-auditoria-interna.pdf/1.webp";
const GUIDE_FILE = "/files/storage/media/guia-auditoria-interna.pdf";

let redisServer: ChildProcess;
let mock: MockServer;
let a: App;
let b: App;

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((ready, fail) => {
    let output = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      if (output.includes("Ready to accept connections")) ready();
    });
    child.on("exit", (code) => fail(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
  return child;
}

const call = (app: App, path: string, init: RequestInit = {}) => fetch(`${app.origin}${path}`, { redirect: "manual", ...init });

async function signIn(app: App): Promise<string> {
  const response = await call(app, "/login", { method: "POST", body: new URLSearchParams(learner) });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

const NGINX = "/usr/sbin/nginx";
const hasNginx = existsSync(NGINX);
if (!hasNginx && process.env.CI) throw new Error(`${NGINX} is missing: .ci/run installs Debian's nginx`);

/**
 * deploy/compose-nginx.conf as it is, but for the compose network's names and ports: the replicas
 * on `legacy:3001` and `legacy:3002` are `a` and `b` here, and it listens on a free port.
 */
async function startComposeNginx(first: App, second: App) {
  const port = await freePort();
  const prefix = mkdtempSync(join(tmpdir(), "academia-compose-"));
  const site = readFileSync(resolve("deploy/compose-nginx.conf"), "utf8")
    .replace("legacy:3001", `127.0.0.1:${first.port}`)
    .replace("legacy:3002", `127.0.0.1:${second.port}`)
    .replace("listen 8080;", `listen 127.0.0.1:${port};`)
    .replace("/etc/nginx/academia-proxy.conf", resolve("deploy/nginx-proxy.conf"));
  const conf = join(prefix, "nginx.conf");
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `${name}_temp_path ${prefix}/${name};`);
  writeFileSync(
    conf,
    `daemon off;\nworker_processes 1;\npid ${prefix}/nginx.pid;\nevents { worker_connections 64; }\nhttp {\naccess_log off;\n${temp.join("\n")}\n${site}\n}\n`,
  );
  const child = spawn(NGINX, ["-p", prefix, "-c", conf, "-e", join(prefix, "error.log")], { stdio: "ignore" });
  const exited = new Promise((done) => child.on("exit", done));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
    rmSync(prefix, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { origin, stop };
    await new Promise((done) => setTimeout(done, 100));
  }
  await stop();
  throw new Error(`nginx did not start on ${conf}`);
}

const drawings = (app: App) => app.logs.filter((line) => line.includes('"pdf pages: page drawn"')).length;

describe.skipIf(!hasRedis)("two replicas sharing a Redis", () => {
  beforeAll(async () => {
    ensureBuilt();
    const redisPort = await freePort();
    [redisServer, mock] = await Promise.all([
      startRedis(redisPort),
      startMockServer({ port: 0, appKey: TEST_SECRETS.LEGACY_APP_KEY, testEndpoints: true }),
    ]);
    const env = {
      LEGACY_API_URL: mock.url,
      FILES_HOST_URL: mock.origin,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      LEGACY_TIMEOUT_MS: "3000",
    };
    [a, b] = await Promise.all([startBuiltApp(env), startBuiltApp(env)]);
  }, 180_000);

  afterAll(async () => {
    await stop([a, b].filter(Boolean));
    redisServer?.kill("SIGKILL");
    await mock?.close();
  });

  it("says at start that it shares its state through Redis, with no credentials in the line", async () => {
    for (const app of [a, b]) {
      await expect.poll(() => app.logs.find((line) => line.includes("redis: connected"))).toContain("redis://127.0.0.1:");
    }
  });

  it("asks the legacy API once for a public catalogue both replicas show", async () => {
    const cookie = await signIn(a);
    const faqCalls = async () =>
      ((await (await fetch(`${mock.origin}/__mock/calls`)).json()) as { calls: string[] }).calls.filter(
        (line) => line === "GET /faq",
      ).length;
    // Before any other test shows a page: no replica has the FAQ yet.
    const headers = { Cookie: cookie };
    const before = await faqCalls();
    expect((await call(a, "/faq", { headers })).status).toBe(200);
    expect(await faqCalls()).toBe(before + 1);
    expect((await call(b, "/faq", { headers })).status).toBe(200);
    expect(await faqCalls()).toBe(before + 1);
  });

  it("refuses the 11th wrong password of one account across the two replicas", async () => {
    const attempt = (app: App) =>
      call(app, "/login", {
        method: "POST",
        body: new URLSearchParams({ email: "nadie@academia.test", password: "wrong-password" }),
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 === 0 ? a : b)).status).toBe(400);
    const refused = await attempt(b);
    expect(refused.status).toBe(429);
    // The page without JavaScript says when to try again.
    expect(refused.headers.get("Retry-After")).toMatch(/^[1-9]\d*$/);
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
  });

  it("refuses on the other replica a cookie copied before logout, files and PDF pages included", async () => {
    // The legacy API keeps the token alive: only the app's own revocation can refuse the copy.
    mock.setFaults({ refusePath: "/auth/logout" });
    try {
      const cookie = await signIn(a);
      expect((await call(b, "/", { headers: { Cookie: cookie } })).status).toBe(200);
      expect((await call(b, GUIDE_FILE, { headers: { Cookie: cookie } })).status).toBe(200);

      const logout = await call(a, "/logout", { method: "POST", headers: { Cookie: cookie } });
      expect(logout.status).toBe(302);
      expect(logout.headers.get("location")).toBe("/welcome");

      const page = await call(b, "/", { headers: { Cookie: cookie } });
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/welcome");
      expect((await call(b, GUIDE_FILE, { headers: { Cookie: cookie } })).status).toBe(401);
      expect((await call(b, GUIDE_PAGE, { headers: { Cookie: cookie } })).status).toBe(401);
      // A new sign-in after the logout is a new session, accepted everywhere.
      const again = await signIn(b);
      expect((await call(a, "/", { headers: { Cookie: again } })).status).toBe(200);
    } finally {
      mock.setFaults({ refusePath: null });
    }
  });

  it("serves from one replica a PDF page the other drew, without drawing it again", async () => {
    const cookie = await signIn(a);
    const before = { a: drawings(a), b: drawings(b) };
    const first = await call(a, GUIDE_PAGE, { headers: { Cookie: cookie } });
    expect(first.status).toBe(200);
    const drawn = new Uint8Array(await first.arrayBuffer());
    expect(drawings(a)).toBe(before.a + 1);

    const second = await call(b, GUIDE_PAGE, { headers: { Cookie: cookie } });
    expect(second.status).toBe(200);
    expect(second.headers.get("content-type")).toBe("image/webp");
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(drawn);
    expect(drawings(b)).toBe(before.b);
  });

  it.skipIf(!hasNginx)(
    "behind deploy/compose.yaml's nginx, any replica serves a session and a logout holds on both",
    async () => {
      const proxy = await startComposeNginx(a, b);
      try {
        const through = (path: string, cookie: string) =>
          fetch(`${proxy.origin}${path}`, { redirect: "manual", headers: { Cookie: cookie } });
        const served = (app: App) =>
          app.logs.filter((line) => line.includes('"request"') && line.includes('"path":"/profile"')).length;
        const before = { a: served(a), b: served(b) };
        const cookie = await signIn(a);
        for (let i = 0; i < 4; i++) expect((await through("/profile", cookie)).status).toBe(200);
        // No sticky sessions: nginx took turns, and each replica opened the other's cookie.
        await expect.poll(() => [served(a) - before.a, served(b) - before.b]).toEqual([2, 2]);

        expect((await call(b, "/logout", { method: "POST", headers: { Cookie: cookie } })).status).toBe(302);
        for (let i = 0; i < 2; i++) {
          const refused = await through("/profile", cookie);
          expect(refused.status).toBe(302);
          expect(refused.headers.get("location")).toMatch(/^\/(welcome|login)/);
        }
      } finally {
        await proxy.stop();
      }
    },
  );

  it("keeps both replicas serving once Redis is gone: limits in memory, pages 200, /readyz 200 degraded", async () => {
    const cookie = await signIn(a);
    for (const app of [a, b]) expect(await (await call(app, "/readyz")).text()).toBe("ready\nredis: ok");
    redisServer.kill("SIGKILL");
    await new Promise((done) => redisServer.once("exit", done));

    for (const app of [a, b]) {
      await expect
        .poll(async () => {
          const ready = await call(app, "/readyz");
          return `${ready.status} ${await ready.text()}`;
        })
        .toBe("200 ready\nredis: degraded");
      expect((await call(app, "/", { headers: { Cookie: cookie } })).status).toBe(200);
      expect((await call(app, GUIDE_PAGE.replace("1.webp", "2.webp"), { headers: { Cookie: cookie } })).status).toBe(200);
      // The sign-in limits count in this process now: a wrong password is refused as usual, not a 500.
      const wrong = await call(app, "/login", {
        method: "POST",
        body: new URLSearchParams({ email: learner.email, password: "wrong-password" }),
      });
      expect(wrong.status).toBe(400);
      // A catalogue neither replica has fetched yet, and a logout that cannot be recorded.
      expect((await call(app, "/faq/suggestion", { headers: { Cookie: cookie } })).status).toBe(200);
      const logout = await call(app, "/logout", { method: "POST", headers: { Cookie: await signIn(app) } });
      expect(logout.headers.get("location")).toBe("/welcome");
      expect(app.logs.some((line) => line.includes('"redis: logout not recorded'))).toBe(true);
      await expect.poll(() => app.logs.filter((line) => line.includes('"redis: connection lost')).length).toBe(1);
    }
  });
});

describe("a replica whose Redis never answers", () => {
  let legacy: MockServer;
  let app: App;

  beforeAll(async () => {
    ensureBuilt();
    legacy = await startMockServer({ port: 0, appKey: TEST_SECRETS.LEGACY_APP_KEY });
    // A free port: nothing listens there.
    const nowhere = await freePort();
    app = await startBuiltApp({
      LEGACY_API_URL: legacy.url,
      FILES_HOST_URL: legacy.origin,
      REDIS_URL: `redis://127.0.0.1:${nowhere}`,
    });
  }, 180_000);

  afterAll(async () => {
    await stop([app].filter(Boolean));
    await legacy?.close();
  });

  it("starts, says so once, reports degraded readiness and serves from its own memory", async () => {
    const ready = await call(app, "/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.text()).toBe("ready\nredis: degraded");
    const cookie = await signIn(app);
    expect((await call(app, "/", { headers: { Cookie: cookie } })).status).toBe(200);
    expect(app.logs.filter((line) => line.includes('"redis: unreachable')).length).toBe(1);
  });
});

describe.skipIf(!hasRedis)("a Redis that stops answering (#26 item 5, decision 053)", () => {
  let paused: ChildProcess;
  let legacy: MockServer;
  let here: App;
  let there: App;
  let metricsPort: number;

  beforeAll(async () => {
    ensureBuilt();
    const redisPort = await freePort();
    [paused, legacy] = await Promise.all([
      startRedis(redisPort),
      startMockServer({ port: 0, appKey: TEST_SECRETS.LEGACY_APP_KEY }),
    ]);
    const env = { LEGACY_API_URL: legacy.url, FILES_HOST_URL: legacy.origin, REDIS_URL: `redis://127.0.0.1:${redisPort}` };
    metricsPort = await freePort();
    [here, there] = await Promise.all([startBuiltApp({ ...env, METRICS_PORT: String(metricsPort) }), startBuiltApp(env)]);
  }, 180_000);

  /** `here`'s Redis commands so far, by outcome (app/infra/metrics.server.ts). */
  const commands = async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const count = (outcome: string) =>
      Number(new RegExp(`^academia_redis_commands_total\\{outcome="${outcome}"\\} (\\d+)`, "m").exec(text)?.[1] ?? 0);
    return { ok: count("ok"), failed: count("failed"), skipped: count("skipped") };
  };

  afterAll(async () => {
    paused?.kill("SIGCONT");
    await stop([here, there].filter(Boolean));
    paused?.kill("SIGKILL");
    await legacy?.close();
  });

  const timed = async (app: App, cookie: string) => {
    const started = performance.now();
    const response = await call(app, "/", { headers: { Cookie: cookie } });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };

  it("stops waiting on it after a few timeouts (fail open: a logout recorded before is not seen), and sees that logout again once it answers", async () => {
    const [copied, loggingOut, learner] = [await signIn(there), await signIn(there), await signIn(here)];
    // Signing out on `there` ends every session of the learner sealed before, on every replica.
    await call(there, "/logout", { method: "POST", headers: { Cookie: loggingOut } });
    expect((await call(here, "/", { headers: { Cookie: copied } })).status).toBe(302);
    const fresh = await signIn(here);

    paused.kill("SIGSTOP");
    // The first requests wait for the command timeout (500 ms) and open the circuit.
    await Promise.all(Array.from({ length: 4 }, () => timed(here, fresh)));
    await expect.poll(async () => (await call(here, "/readyz")).text()).toBe("ready\nredis: degraded");
    const before = await commands();
    const began = performance.now();
    const during = [];
    for (let i = 0; i < 10; i++) during.push(await timed(here, fresh));
    expect(during.every(({ status }) => status === 200)).toBe(true);
    // Never the command timeout again while the circuit is open: no request's command waits, each
    // caller takes its fallback. Only the circuit's own PING may time out, once per 5 s it stays open.
    const after = await commands();
    expect(after.failed - before.failed).toBeLessThanOrEqual(Math.floor((performance.now() - began) / 5_000));
    expect(after.skipped - before.skipped).toBeGreaterThanOrEqual(10);
    expect(Math.max(...during.map(({ ms }) => ms))).toBeLessThan(5_000);
    expect(here.logs.filter((line) => line.includes('"redis: not answering')).length).toBeGreaterThanOrEqual(1);
    // Fail open, the decision's price: the copied cookie, logged out before, is taken while Redis is not asked.
    expect((await call(here, "/", { headers: { Cookie: copied } })).status).toBe(200);
    expect((await call(here, "/", { headers: { Cookie: learner } })).status).toBe(200);

    paused.kill("SIGCONT");
    // After 5 s the circuit's own PING probes, and the answer closes it: the logout is seen again.
    await expect.poll(async () => (await call(here, "/readyz")).text(), { timeout: 15_000 }).toBe("ready\nredis: ok");
    expect((await call(here, "/", { headers: { Cookie: copied } })).status).toBe(302);
    expect((await call(here, "/", { headers: { Cookie: fresh } })).status).toBe(200);
  }, 60_000);
});
