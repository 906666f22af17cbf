import pino from "pino";
import { activeTraceId } from "./tracing.server";

/**
 * Structured JSON logs, one line per event (pino): `time` (ISO), `level` (its name), `msg`, the
 * event's fields, and `traceId` when the line is written inside a traced request. Info goes to
 * stdout, warnings and errors to stderr; LOG_LEVEL (silent, error, warn, info; default info)
 * chooses how much. Callers never pass tokens, passwords or SSO plaintext; the fields that could
 * hold one are redacted anyway.
 */
type Fields = Record<string, string | number | boolean | null | undefined>;

const LEVELS = ["silent", "error", "warn", "info", "debug"];

const logger = pino(
  {
    level: LEVELS.includes(process.env.LOG_LEVEL ?? "") ? process.env.LOG_LEVEL : "info",
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const traceId = activeTraceId();
      return traceId ? { traceId } : {};
    },
    redact: { paths: ["password", "token", "authorization", "cookie", "accessToken", "access_token"], censor: "[redacted]" },
  },
  // Written at once (sync): a line written just before the process exits is not lost.
  pino.multistream(
    [
      { level: "info", stream: pino.destination({ fd: 1, sync: true }) },
      { level: "warn", stream: pino.destination({ fd: 2, sync: true }) },
    ],
    { dedupe: true },
  ),
);

/**
 * A path as it may be logged: no query string (an SSO link's ciphertext, a search code) and no
 * password-reset token (`/recovery/<token>` is a live credential until used).
 */
export function loggablePath(path: string): string {
  return path.replace(/\?.*$/s, "").replace(/^\/recovery\/[^/]+/, "/recovery/:token");
}

export const log = {
  info: (msg: string, fields: Fields = {}) => logger.info(fields, msg),
  warn: (msg: string, fields: Fields = {}) => logger.warn(fields, msg),
  error: (msg: string, fields: Fields = {}) => logger.error(fields, msg),
};
