import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PREFIX = "academia-e2e-";
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The global setup, before any worker starts: a log folder of the run's own, handed to the workers
 * through the environment, where every app under test writes its log (servers.ts) and the global
 * teardown (leaks.ts) finds them all. A folder per run, so two runs on one machine never mix; the
 * folders of runs older than a day are removed.
 */
export default function makeLogDir() {
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(PREFIX))) {
    const path = join(tmpdir(), name);
    if (Date.now() - statSync(path).mtimeMs > DAY_MS) rmSync(path, { recursive: true, force: true });
  }
  process.env.E2E_LOG_DIR = mkdtempSync(join(tmpdir(), PREFIX));
}
