import { type ChildProcess, spawn } from "node:child_process";
import { constants } from "node:os";
import { fileURLToPath } from "node:url";
import {
  type Config,
  demoRefusal,
  describeProblems,
  isEmbedded,
  parseConfig,
  withEmbeddedDefaults,
} from "../app/infra/config.server";
import { log } from "../app/infra/log.server";
import { startMockServer } from "../mock";
import { CRASH_LIMIT, crashCause, restartDelayMs, Crashes } from "./supervision";

/**
 * `npm start` and the image's PID 1: validates the configuration, starts the embedded mock legacy
 * API when no LEGACY_API_URL is set, then runs the app's server (server/serve.ts, bundled next to
 * this file) and supervises it (decision 052): a server that exits without being asked to is
 * started again with a growing delay, the mock and its state staying up; one that keeps crashing
 * makes the launcher exit non-zero, for the orchestrator to see. Signals are forwarded; the mock
 * stops only after the server has finished its requests.
 */

async function main() {
  const refusal = demoRefusal(process.env);
  if (refusal) {
    process.stderr.write(`${refusal}\n`);
    process.exit(1);
  }
  const embedded = isEmbedded(process.env);
  let env: Record<string, string | undefined> = process.env;
  let mock: Awaited<ReturnType<typeof startMockServer>> | null = null;
  if (embedded) {
    log.warn("DEMO MODE: no LEGACY_API_URL, starting the mock legacy API with demo secrets and demo accounts", {
      mode: "embedded",
    });
    mock = await startMockServer({ port: Number(process.env.MOCK_PORT ?? 0) });
    env = withEmbeddedDefaults(process.env, mock.origin);
  } else {
    // A demo is the embedded mock: with a real upstream the server never says it is one.
    env = { ...process.env, DEMO_MODE: "0" };
  }
  const parsed = parseConfig(env);
  if (!parsed.ok) {
    process.stderr.write(`${describeProblems(parsed.problems)}\n`);
    await mock?.close();
    process.exit(1);
  }
  const { config } = parsed;
  log.info("starting", {
    mode: embedded ? "embedded" : "upstream",
    // Origin and path only: an operator may have put credentials in the URL.
    legacyApi: `${new URL(config.LEGACY_API_URL).origin}${new URL(config.LEGACY_API_URL).pathname}`,
    port: config.PORT,
    loginMode: config.LOGIN_MODE,
  });

  let stopping: NodeJS.Signals | null = null;
  let child = startServer(config, env);
  const crashes = new Crashes();
  const exitWith = async (code: number) => {
    await mock?.close();
    process.exit(code);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      stopping = signal;
      child.kill(signal);
    });
  }
  void announceWhenReady(config.PORT, "Academia is ready: open");

  const supervise = (server: ChildProcess & { stderrTail: () => string }) =>
    server.on("exit", (code, signal) => {
      // Asked to stop: the server has drained its requests; so does the launcher.
      if (stopping) return void exitWith(code ?? 128 + (signal ? constants.signals[signal] : 0));
      const cause = crashCause(code, signal, server.stderrTail());
      const count = crashes.add(Date.now());
      if (count > CRASH_LIMIT.count) {
        log.error("the server keeps crashing: giving up", { cause, crashes: count, withinMs: CRASH_LIMIT.windowMs });
        // Non-zero even for an exit 0 nobody asked for: the orchestrator restarts the container.
        return void exitWith(code || 1);
      }
      const delayMs = restartDelayMs(count, config.RESTART_DELAY_MS);
      log.error("the server exited unexpectedly: starting it again", { cause, code, signal, crashes: count, inMs: delayMs });
      setTimeout(() => {
        if (stopping) return void exitWith(0);
        child = startServer(config, env);
        supervise(child);
        void announceWhenReady(config.PORT, "the server is serving again:");
      }, delayMs);
    });
  supervise(child);
}

/** The serving process, with its stderr passed through and its last lines kept (the crash's cause). */
function startServer(config: Config, env: Record<string, string | undefined>) {
  const serve = fileURLToPath(new URL("./serve.js", import.meta.url));
  const child = spawn(process.execPath, [`--max-old-space-size=${config.HEAP_MB}`, serve], {
    env: { ...env, NODE_ENV: config.NODE_ENV, PORT: String(config.PORT) },
    stdio: ["ignore", "inherit", "pipe"],
  });
  let tail = "";
  child.stderr.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    tail = (tail + chunk.toString("utf8")).slice(-4096);
  });
  return Object.assign(child, { stderrTail: () => tail });
}

async function announceWhenReady(port: number, message: string) {
  const url = `http://localhost:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) {
        log.info(`${message} ${url}`, { url });
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

void main();
