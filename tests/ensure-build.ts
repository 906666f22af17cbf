import { execFileSync } from "node:child_process";

/** Vitest's global setup: unit and integration tests read the build (the PDF worker's bundle, the browser metafile), so it is made first, once, under the build lock. */
export default function ensureBuild() {
  execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
}
