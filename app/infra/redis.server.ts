import { Redis, type RedisOptions } from "ioredis";
import { getConfig } from "./config.server";
import { log } from "./log.server";
import { describeTarget, parseRedisUrl, type RedisTarget } from "./redis-url.server";

/**
 * The one client of the Redis every replica shares (REDIS_URL; README, "Scaling"; decision 040).
 * Unset: `redis()` is null and every caller keeps today's per-process memory. Set: a command never
 * waits for a Redis that is down (no offline queue, short timeouts); the caller falls back to its
 * memory and the app keeps serving, while the client reconnects behind.
 */
const CONNECT_TIMEOUT_MS = 1_000;
/** A Redis that accepts the connection but stops answering: commands give up after this. */
const COMMAND_TIMEOUT_MS = 500;
const MAX_RECONNECT_DELAY_MS = 2_000;
/** Every key the app writes starts so: a Redis shared with other software keeps them apart. */
export const KEY_PREFIX = "academia:";

export function redisOptions(target: RedisTarget): RedisOptions {
  return {
    host: target.host,
    port: target.port,
    db: target.db,
    username: target.username,
    password: target.password,
    tls: target.tls ? {} : undefined,
    keyPrefix: KEY_PREFIX,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
  };
}

let client: Redis | null | undefined;

/** The shared client, connecting on first call; null without REDIS_URL. */
export function redis(): Redis | null {
  if (client !== undefined) return client;
  const url = getConfig().REDIS_URL;
  if (!url) {
    client = null;
    return client;
  }
  const parsed = parseRedisUrl(url);
  // The configuration check refused a bad REDIS_URL at start already.
  if (!parsed.ok) throw new Error(`REDIS_URL: ${parsed.problem}`);
  const target = describeTarget(parsed.target);
  const connected = new Redis(redisOptions(parsed.target));
  // One line per change of state, not one per reconnection attempt.
  let everReady = false;
  let warned = false;
  connected.on("ready", () => {
    everReady = true;
    warned = false;
    log.info("redis: connected; sign-in limits, logout revocations and caches are shared", { redis: target });
  });
  const warn = (error?: NodeJS.ErrnoException) => {
    if (warned) return;
    warned = true;
    log.warn(
      everReady
        ? "redis: connection lost; sign-in limits, logout revocations and caches fall back to this process"
        : "redis: unreachable; sign-in limits, logout revocations and caches stay in this process until it answers",
      { redis: target, error: error ? (error.code ?? error.message) : "closed" },
    );
  };
  connected.on("error", warn);
  connected.on("close", () => warn());
  client = connected;
  return client;
}

/** What /readyz reports: `off` without REDIS_URL, `degraded` while Redis does not answer. */
export function redisState(): "off" | "up" | "degraded" {
  const shared = redis();
  if (!shared) return "off";
  return shared.status === "ready" ? "up" : "degraded";
}

/** A command that must not fail the request: its answer, or `fallback` with Redis down (a thrown error included). */
export async function orElse<T>(command: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await command();
  } catch {
    return fallback;
  }
}
