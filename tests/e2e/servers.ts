import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { demoSecrets } from "../../app/infra/config.server";
import { scaled } from "./time-scale";

/**
 * The apps under test. Each Playwright worker starts its own app with its own embedded mock
 * legacy API (fixtures.ts, `app`), on ports the system hands out, so a reset, a fault or a sign-out
 * in one test reaches no other test running at the same time. Each app's JSON log goes to a file of
 * its own in the run's log folder, which the global teardown (leaks.ts) scans for secrets.
 */

export type LoginMode = "password" | "employee";

export type AppServer = {
  loginMode: LoginMode;
  /** The app's port, on every interface, as in a deployment. */
  port: number;
  /** The embedded mock legacy API's port, on loopback (MOCK_TEST_ENDPOINTS on). */
  mockPort: number;
  origin: string;
  mockOrigin: string;
  /** The serving process's metrics listener (METRICS_PORT), on loopback. */
  metricsOrigin: string;
  logFile: string;
  /** SIGTERM to the launcher and the server it started, then waits until both are gone. */
  stop(): Promise<void>;
};

/** The run's log folder: made by the global setup (global-setup.ts), shared with every worker through the environment. */
export function logDir(): string {
  const dir = process.env.E2E_LOG_DIR;
  if (!dir) throw new Error("E2E_LOG_DIR is not set: the e2e tests run through playwright.config.ts, whose global setup sets it");
  return dir;
}

export const logFileName = (loginMode: LoginMode, port: number) => `app-${loginMode}-${port}.log`;

/** A port no one listens on now (on every interface), handed out by the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Launchers still running in this worker: killed outright if the worker exits without its teardown. */
const running = new Set<number>();
process.once("exit", () => {
  for (const pid of running) signalGroup(pid, "SIGKILL");
});

/** Sends `signal` to the process group the launcher leads (it and the server it started); false when none is left. */
function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app answers /healthz, and its metrics listener (started beside it, a moment later) answers too. */
async function healthy(origin: string, metricsOrigin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/healthz`)).ok && (await fetch(`${metricsOrigin}/metrics`)).ok;
  } catch {
    return false;
  }
}

const STARTUP_MS = scaled(60_000);
const STOP_MS = scaled(15_000);

/**
 * Starts the app in embedded mode as `npm start` does (scripts/start.mjs: the mock legacy API in
 * the launcher's process, the serving process its child), with the environment the e2e servers
 * always had, and waits for /healthz. Ports come from the system; one taken between asking and
 * listening (another program's) makes the app exit, and it is started again on others.
 */
export async function startApp(loginMode: LoginMode): Promise<AppServer> {
  for (let attempt = 1; ; attempt++) {
    const [port, mockPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    const logFile = join(logDir(), logFileName(loginMode, port));
    const log = openSync(logFile, "a");
    const child = spawn(process.execPath, ["scripts/start.mjs", "--no-build"], {
      env: {
        ...process.env,
        LOGIN_MODE: loginMode,
        PORT: String(port),
        MOCK_PORT: String(mockPort),
        METRICS_PORT: String(metricsPort),
        LEGACY_API_URL: "",
        // The embedded demo, asked for by name (as scripts/start.mjs does when DEMO_MODE is unset).
        DEMO_MODE: "1",
        LOG_LEVEL: "info",
        TRUST_PROXY: "1",
        MOCK_TEST_ENDPOINTS: "1",
        // The demo secret embedded mode uses, pinned: player-plain.spec seals a started note with it.
        SESSION_SECRET: demoSecrets.SESSION_SECRET,
        // A test's server stops at once: no load balancer needs the 503 of /readyz first.
        SHUTDOWN_DELAY_MS: "0",
      },
      stdio: ["ignore", log, log],
      // A process group of its own, so the teardown reaches the serving process too.
      detached: true,
    });
    closeSync(log);
    const pid = child.pid;
    if (pid === undefined) throw new Error("the app's launcher did not start");
    running.add(pid);
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const server: AppServer = {
      loginMode,
      port,
      mockPort,
      origin: `http://localhost:${port}`,
      mockOrigin: `http://127.0.0.1:${mockPort}`,
      metricsOrigin: `http://127.0.0.1:${metricsPort}`,
      logFile,
      stop: () => stop(pid, exited),
    };
    const deadline = Date.now() + STARTUP_MS;
    while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
      if (await healthy(server.origin, server.metricsOrigin)) return server;
      await sleep(100);
    }
    await server.stop();
    const tail = readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n");
    if (attempt < 3 && tail.includes("EADDRINUSE")) {
      // It never served: nothing in its log for the teardown to scan.
      rmSync(logFile, { force: true });
      continue;
    }
    throw new Error(`the ${loginMode} app on port ${port} did not answer /healthz (log ${logFile}):\n${tail}`);
  }
}

async function stop(pid: number, exited: Promise<void>) {
  if (!running.has(pid)) return;
  signalGroup(pid, "SIGTERM");
  const killed = setTimeout(() => signalGroup(pid, "SIGKILL"), STOP_MS);
  await exited;
  // The launcher exits after the serving process; anything of the group still there is killed.
  for (let waited = 0; signalGroup(pid, 0); waited += 50) {
    if (waited >= STOP_MS) signalGroup(pid, "SIGKILL");
    await sleep(50);
  }
  clearTimeout(killed);
  running.delete(pid);
}

/**
 * This worker's password-mode app: set by the worker fixture (fixtures.ts) before any hook or test
 * of the worker runs, and read by the helpers that call the app or its mock outside a page.
 */
let current: AppServer | null = null;

export function setCurrentApp(server: AppServer | null) {
  current = server;
}

export function currentApp(): AppServer {
  if (!current) throw new Error("no app started in this worker yet: read it inside a test, a hook or a fixture");
  return current;
}
