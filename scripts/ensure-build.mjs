// Builds when an output is missing or older than a source, so `npm start` works right after
// `npm install` and after a `git pull`, and every test stage can ask for a build first: the check
// and the build run under one lock, so stages started together build once, one at a time, and the
// others wait and then find it fresh. Build output goes to stderr: stdout stays clean for tools
// like `npm run sso-link`.
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import lockfile from "proper-lockfile";

/** What the build writes inside a source folder: never a reason to build again. */
const OUTPUTS_AMONG_SOURCES = new Set([join("public", "build"), join("public", "sw.js")]);

function newest(path) {
  if (!existsSync(path) || OUTPUTS_AMONG_SOURCES.has(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

/** True when every output exists and none is older than the newest source. */
export function isFresh({ outputs, sources }) {
  const built = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  return built > 0 && Math.max(...sources.map(newest)) <= built;
}

/** Outside build/, which the build empties. */
const LOCK = "node_modules/.cache/academia-build.lock";

function buildUnderLock({ outputs, sources, command }) {
  mkdirSync("node_modules/.cache", { recursive: true });
  // The build blocks this process's event loop, so the lock cannot be refreshed while it runs: it
  // counts as abandoned (its holder died) only after two minutes, far longer than a build.
  const release = lockfile.lockSync("package.json", { stale: 120_000, realpath: false, lockfilePath: LOCK });
  try {
    // Always a production build, whoever asks (vitest runs with NODE_ENV=test).
    const env = { ...process.env, NODE_ENV: "production" };
    if (!isFresh({ outputs, sources })) execSync(command, { stdio: ["ignore", process.stderr, "inherit"], env });
  } finally {
    release();
  }
}

/** Waits for another process's build (lockSync does not wait), then builds if still needed. */
function ensure(target) {
  if (isFresh(target)) return;
  for (let attempt = 0; ; attempt++) {
    try {
      return buildUnderLock(target);
    } catch (error) {
      if (error.code !== "ELOCKED" || attempt > 600) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
}

const SERVER_SOURCES = ["server", "mock", "app/infra", "app/lib", "app/locales", "app/player", "package.json"];

/** The whole app: the Remix build, the Node entry points and the service worker. */
export const APP_BUILD = {
  outputs: [
    "build/index.js",
    "build/metafile.js.json",
    "build/bin/start.js",
    "build/bin/serve.js",
    "build/bin/sso-link.js",
    "build/bin/mock.js",
    "build/bin/pdf-worker.js",
    "public/sw.js",
  ],
  sources: ["app", "server", "mock", "sw", "public", "remix.config.js", "package.json", "scripts/build-server.mjs"],
  command: "npm run build",
};

export function ensureBuild() {
  ensure(APP_BUILD);
}

/** Only the Node entry points (`npm run dev`: `remix dev` builds the app itself). */
export function ensureServerBuild() {
  ensure({
    outputs: ["build/bin/start.js", "build/bin/serve.js", "build/bin/sso-link.js", "build/bin/mock.js"],
    sources: SERVER_SOURCES,
    command: "node scripts/build-server.mjs",
  });
}

// `node scripts/ensure-build.mjs`: what `npm test` and the test stages run first.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) ensureBuild();
