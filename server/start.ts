import { spawn } from "node:child_process";
import { constants } from "node:os";
import { fileURLToPath } from "node:url";
import { describeProblems, isEmbedded, parseConfig, withEmbeddedDefaults } from "../app/infra/config.server";
import { log } from "../app/infra/log.server";
import { startMockServer } from "../mock";

/**
 * `npm start`: validates the configuration, starts the embedded mock legacy API when no
 * LEGACY_API_URL is set, then runs the app's server (server/serve.ts, bundled next to this file)
 * and forwards signals to it; the mock stops only after the server has finished its requests.
 */

async function main() {
  const embedded = isEmbedded(process.env);
  let env: Record<string, string | undefined> = process.env;
  let mock: Awaited<ReturnType<typeof startMockServer>> | null = null;
  if (embedded) {
    log.info("embedded mode: no LEGACY_API_URL, starting the mock legacy API with demo secrets", {
      mode: "embedded",
    });
    mock = await startMockServer({ port: Number(process.env.MOCK_PORT ?? 0) });
    env = withEmbeddedDefaults(process.env, mock.origin);
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

  const serve = fileURLToPath(new URL("./serve.js", import.meta.url));
  const child = spawn(process.execPath, [`--max-old-space-size=${config.HEAP_MB}`, serve], {
    env: { ...env, NODE_ENV: config.NODE_ENV, PORT: String(config.PORT) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => child.kill(signal));
  }
  void announceWhenReady(config.PORT);
  // The server exits by itself after SIGTERM (0); killed by a signal, it crashed (out of memory):
  // the launcher fails too, as a shell would report it, so `restart: on-failure` restarts it.
  child.on("exit", async (code, signal) => {
    await mock?.close();
    process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0));
  });
}

async function announceWhenReady(port: number) {
  const url = `http://localhost:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) {
        log.info(`Academia is ready: open ${url}`, { url });
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

void main();
