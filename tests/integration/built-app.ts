import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";

/** The built app as child processes over real HTTP, for the integration tests that need it. */
export type App = { origin: string; logs: string[]; child: ChildProcess; exit: Promise<number | null> };

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Builds when the sources are newer than the build, as `npm start` does. */
export function ensureBuilt() {
  execFileSync(process.execPath, ["--input-type=module", "-e", "(await import('./scripts/ensure-build.mjs')).ensureBuild()"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}

/**
 * Starts `script` (build/bin/serve.js or the launcher build/bin/start.js) in production mode with
 * only `env` and PATH, on a free port, and waits for /healthz.
 */
export async function launch(script: string, env: Record<string, string>, cwd = process.cwd()): Promise<App> {
  const port = await freePort();
  const child = spawn(process.execPath, [resolve(script)], {
    cwd,
    env: { PATH: process.env.PATH, NODE_ENV: "production", LOG_LEVEL: "info", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding("utf8").on("data", (chunk: string) => logs.push(...chunk.split("\n").filter(Boolean)));
  }
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const app = { origin: `http://127.0.0.1:${port}`, logs, child, exit };
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${app.origin}/healthz`).then((r) => r.ok, () => false)) return app;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGINT");
  throw new Error(`the app did not start:\n${logs.join("\n")}`);
}

export async function stop(apps: App[]) {
  for (const app of apps) app.child.kill("SIGINT");
  await Promise.all(apps.map((app) => app.exit));
}
