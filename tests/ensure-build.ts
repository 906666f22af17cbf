import { execFileSync } from "node:child_process";

/** Vitest's global setup: the PDF renderer's worker runs from its bundle (build/bin/pdf-worker.js), so build it. */
export default function buildPdfWorker() {
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
}
