import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { ensureBuild } from "../../scripts/ensure-build.mjs";

/**
 * The servers a bench run measures: the app in production mode on its embedded mock legacy API
 * (`build/bin/start.js`, as `npm start` runs it) and the framework floor (bench/floor, a bare
 * Remix app built with this project's node_modules), both served by remix-serve.
 */

const REMIX_CLI = "node_modules/@remix-run/dev/dist/cli.js";
const REMIX_SERVE = "node_modules/@remix-run/serve/dist/cli.js";

export const DEMO = { email: "ana.martinez@academia.test", password: "Academia2026!" };
/** The embedded mode's demo secrets (app/infra/config.server.ts), for an app on another upstream. */
export const DEMO_SECRETS = {
  LEGACY_APP_KEY: "demo-app-key-academia",
  SESSION_SECRET: "demo-session-secret-academia-0123456789abcdef",
  SSO_AES_KEY: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
  SSO_AES_IV: "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf",
};

/** Builds the app when its sources changed, and the floor every run (it takes a second). */
export function buildAll() {
  ensureBuild();
  execFileSync(process.execPath, [`../../${REMIX_CLI}`, "build"], {
    cwd: "bench/floor",
    stdio: ["ignore", process.stderr, "inherit"],
  });
}

async function waitForHttp(url, child) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`server for ${url} exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer in 30 s`);
}

function stopper(child) {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
}

/** The PID of the launcher's remix-serve child: the process that serves the pages. */
function servingPid(launcherPid) {
  const children = readFileSync(`/proc/${launcherPid}/task/${launcherPid}/children`, "utf8").trim().split(/\s+/);
  if (!children[0]) throw new Error("the launcher has no child process");
  return Number(children[0]);
}

/** Resident set size of a process, in bytes. */
export function rssOf(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * The app as `npm start` runs it with no LEGACY_API_URL. `latencyMs` goes to the embedded mock
 * (MOCK_LATENCY_MS); with `logs` the app's JSON log lines are kept (one per legacy call); `env`
 * adds to its environment (FILES_HOST_URL for another files host, LEGACY_API_URL for another
 * upstream: then no mock is started and `mockOrigin` is null).
 */
export async function startApp({ port, mockPort, latencyMs = 0, logs = false, env = {} }) {
  const child = spawn(process.execPath, ["build/bin/start.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      MOCK_PORT: String(mockPort),
      MOCK_LATENCY_MS: String(latencyMs),
      LEGACY_API_URL: "",
      DEMO_MODE: "1",
      LOG_LEVEL: logs ? "info" : "silent",
      ...env,
    },
    stdio: ["ignore", logs ? "pipe" : "ignore", "ignore"],
  });
  const lines = [];
  if (logs) {
    let rest = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      for (const part of parts) {
        try {
          lines.push(JSON.parse(part));
        } catch {
          // remix-serve's own access log lines are not JSON
        }
      }
    });
  }
  const origin = `http://localhost:${port}`;
  await waitForHttp(`${origin}/healthz`, child);
  const mockOrigin = env.LEGACY_API_URL ? null : `http://127.0.0.1:${mockPort}`;
  return { origin, mockOrigin, pid: servingPid(child.pid), launcherPid: child.pid, logs: lines, stop: stopper(child) };
}

/** The floor (bench/floor); `env`: the same-work route's calls and card count. */
export async function startFloor({ port, env = {} }) {
  // remix-serve finds the assets (public/build) from its working directory.
  const child = spawn(process.execPath, [`../../${REMIX_SERVE}`, "build/index.js"], {
    cwd: "bench/floor",
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "ignore"],
  });
  const origin = `http://localhost:${port}`;
  await waitForHttp(`${origin}/`, child);
  return { origin, pid: child.pid, stop: stopper(child) };
}

/** The demo learner's earned badges marked seen, straight on the mock legacy API at `mockOrigin`. */
async function markBadgesSeen(mockOrigin) {
  const headers = { "X-App-Key": DEMO_SECRETS.LEGACY_APP_KEY, "Content-Type": "application/json" };
  const login = await fetch(`${mockOrigin}/v1/api/auth/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  const { access_token: token } = await login.json();
  const auth = { ...headers, Authorization: `Bearer ${token}` };
  const check = await fetch(`${mockOrigin}/v1/api/badges/check_badges`, { headers: auth });
  const { user_badges: badges } = await check.json();
  for (const badge of badges) await fetch(`${mockOrigin}/v1/api/badges/view/${badge.id}`, { method: "POST", headers: auth });
}

/**
 * Marks the demo learner's earned badges seen on `mockOrigin` (so the one-time badge dialog is not
 * part of every page; skipped when null: a replayed upstream has no state), then signs in through
 * the real login form, as the demo learner or `email` (every seeded user's password is the demo's).
 * Returns the `Cookie` header value.
 */
export async function signIn(app, { mockOrigin = app.mockOrigin, email = DEMO.email } = {}) {
  if (mockOrigin && email === DEMO.email) await markBadgesSeen(mockOrigin);
  const response = await fetch(`${app.origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.origin },
    body: new URLSearchParams({ email, password: DEMO.password }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((pair) => pair.includes("academia="));
  if (response.status !== 302 || !session) throw new Error(`sign-in failed: ${response.status}`);
  return session;
}

/** One signed-in GET of `path` on `app`, whole response read: its milliseconds. */
async function timeOne(app, cookie, path) {
  const started = performance.now();
  const response = await fetch(`${app.origin}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - started;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Two apps compared on one signed-in page: both warmed (catalogues cached, code compiled), then
 * timed in turn `runs` times, so whatever else the machine does falls on both alike. Each one's
 * median, and the samples.
 */
export async function pairedMedians(first, second, path, runs) {
  const cookies = [await signIn(first), await signIn(second)];
  const times = [[], []];
  for (let run = 0; run < 5 + runs; run++) {
    const pair = [await timeOne(first, cookies[0], path), await timeOne(second, cookies[1], path)];
    if (run >= 5) pair.forEach((ms, index) => times[index].push(ms));
  }
  return { medians: times.map(median), samples: times };
}
