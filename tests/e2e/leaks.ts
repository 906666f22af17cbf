import { readFileSync } from "node:fs";
import { EMPLOYEE_PORT, PORT, serverLogFile } from "./ports";

/** What must never leave the server: the mock's access tokens (all carry this canary) and the app key. */
export const SECRET_MARKERS = ["canary-access-token-", "demo-app-key-academia"];

/**
 * The global teardown, after the whole e2e run: the apps' log lines (launcher, server, legacy calls) hold no access
 * token and no application key. Fails the run otherwise.
 */
export default function scanLogs() {
  for (const port of [PORT, EMPLOYEE_PORT]) {
    const lines = readFileSync(serverLogFile(port), "utf8").split("\n").filter(Boolean);
    if (!lines.some((line) => line.includes('"msg":"request"'))) {
      throw new Error(`${serverLogFile(port)}: no request was logged, so nothing was scanned`);
    }
    const leaks = lines.filter((line) => SECRET_MARKERS.some((marker) => line.includes(marker)));
    if (leaks.length > 0) throw new Error(`secrets in the logs of port ${port}:\n${leaks.join("\n")}`);
  }
}
