import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** What must never leave the server: the mock's access tokens (all carry this canary) and the app key. */
export const SECRET_MARKERS = ["canary-access-token-", "demo-app-key-academia"];

/** The files of the browser build (public/build), which every test's pages load and the response scan skips (fixtures.ts). */
function scanBrowserBuild() {
  const dir = fileURLToPath(new URL("../../public/build", import.meta.url));
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => /\.(js|css|json|map)$/.test(name));
  if (files.length === 0) throw new Error(`${dir} holds no script: the build did not run`);
  for (const name of files) {
    const text = readFileSync(join(dir, name), "utf8");
    const leaked = SECRET_MARKERS.find((marker) => text.includes(marker));
    if (leaked) throw new Error(`${leaked} in ${join(dir, name)}`);
  }
}

/**
 * The global teardown, after the whole e2e run: the browser build holds no secret, and the log lines (launcher, server, legacy calls) of
 * every app the workers started (one file each in the run's log folder, servers.ts) hold no access
 * token and no application key. Fails the run otherwise. The folder stays, to read after a failure.
 */
export default function scanLogs() {
  const dir = process.env.E2E_LOG_DIR;
  if (!dir) throw new Error("E2E_LOG_DIR is not set: the global setup did not run");
  const files = readdirSync(dir).filter((name) => name.endsWith(".log"));
  // No app started: no test ran (a filter that matched none), so there is nothing to scan.
  if (files.length === 0) return;
  scanBrowserBuild();
  for (const name of files) {
    const file = join(dir, name);
    const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
    if (!lines.some((line) => line.includes('"msg":"request"'))) {
      throw new Error(`${file}: no request was logged, so nothing was scanned`);
    }
    const leaks = lines.filter((line) => SECRET_MARKERS.some((marker) => line.includes(marker)));
    if (leaks.length > 0) throw new Error(`secrets in ${file}:\n${leaks.join("\n")}`);
  }
  console.log(`The browser build and the apps' logs (${files.length}) scanned for secrets: ${dir}`);
}
