// Builds when the outputs are missing or older than their sources, so `npm start` works right
// after `npm install` and after a `git pull`. Build output goes to stderr: stdout stays clean
// for tools like `npm run sso-link`.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  if (path === join("public", "build")) return 0;
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

function ensure({ outputs, sources, command }) {
  const built = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  if (built === 0 || Math.max(...sources.map(newest)) > built) {
    execSync(command, { stdio: ["ignore", process.stderr, "inherit"] });
  }
}

/** The whole app: the Remix build and the Node entry points. */
export function ensureBuild() {
  ensure({
    outputs: [
      "build/index.js",
      "build/bin/start.js",
      "build/bin/serve.js",
      "build/bin/sso-link.js",
      "build/bin/mock.js",
      "build/bin/pdf-worker.js",
    ],
    sources: ["app", "server", "public", "remix.config.js", "package.json"],
    command: "npm run build",
  });
}

/** Only the Node entry points in server/ (the SSO link tool and the mock need nothing else). */
export function ensureServerBuild() {
  ensure({
    outputs: ["build/bin/start.js", "build/bin/serve.js", "build/bin/sso-link.js", "build/bin/mock.js"],
    sources: ["server", "package.json"],
    command: "node scripts/build-server.mjs",
  });
}
