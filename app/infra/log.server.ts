import { activeTraceId } from "./tracing.server";

/** Structured JSON logs, one line per event. Callers never pass tokens, passwords or SSO plaintext. */
type Fields = Record<string, string | number | boolean | null | undefined>;

function write(level: "info" | "warn" | "error", msg: string, fields: Fields = {}) {
  if (process.env.LOG_LEVEL === "silent") return;
  // With tracing on, a line written inside a request's span names its trace (docs/operations.md).
  const traceId = activeTraceId();
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields, ...(traceId ? { traceId } : {}) });
  if (level === "info") process.stdout.write(`${line}\n`);
  else process.stderr.write(`${line}\n`);
}

/**
 * A path as it may be logged: no query string (an SSO link's ciphertext, a search code) and no
 * password-reset token (`/recovery/<token>` is a live credential until used).
 */
export function loggablePath(path: string): string {
  return path.replace(/\?.*$/s, "").replace(/^\/recovery\/[^/]+/, "/recovery/:token");
}

export const log = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};
