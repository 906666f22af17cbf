import { Redis, type RedisOptions } from "ioredis";
import CircuitBreaker from "opossum";
import { getConfig } from "./config.server";
import { log } from "./log.server";
import { gaugeOf, redisCommands } from "./metrics.server";
import { describeTarget, parseRedisUrl, type RedisTarget } from "./redis-url.server";
import { inSpan, SpanKind } from "./tracing.server";

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

/**
 * A Redis that accepts connections and answers nothing (paused, swapping, a dead network path)
 * would cost every command its COMMAND_TIMEOUT_MS, and every signed-in request waits for one (the
 * logout check). The circuit (opossum) opens once at least half of the last second's commands
 * (three or more) failed: then no command is sent and every caller takes its fallback at once.
 * After CIRCUIT_OPEN_MS a PING probes in the background, never a learner's request: its answer
 * closes the circuit, its failure opens it again (decision 053).
 */
const CIRCUIT_OPEN_MS = 5_000;
const circuit = new CircuitBreaker((command: () => Promise<unknown>) => command(), {
  timeout: false,
  errorThresholdPercentage: 50,
  volumeThreshold: 3,
  rollingCountTimeout: 1_000,
  rollingCountBuckets: 10,
  resetTimeout: CIRCUIT_OPEN_MS,
});
circuit.on("open", () =>
  log.warn("redis: not answering; for a while the app stops asking and falls back to this process (logout checks fail open)", {
    forMs: CIRCUIT_OPEN_MS,
  }),
);
circuit.on("close", () => log.info("redis: answering again; sign-in limits, logout revocations and caches are shared"));
circuit.on("success", () => redisCommands.inc({ outcome: "ok" }));
circuit.on("failure", () => redisCommands.inc({ outcome: "failed" }));
circuit.on("halfOpen", () => {
  const shared = client;
  if (shared) void circuit.fire(() => shared.ping()).catch(() => undefined);
});

gaugeOf(
  "academia_redis_state",
  "The shared Redis as /readyz reports it: 1 for the current state (off: no REDIS_URL, up, degraded)",
  () => (["off", "up", "degraded"] as const).map((state) => ({ labels: { state }, value: redisState() === state ? 1 : 0 })),
  ["state"],
);
gaugeOf(
  "academia_redis_circuit",
  "The circuit in front of Redis (decision 053): 1 for the current state (closed, open, half-open)",
  () =>
    (["closed", "open", "half-open"] as const).map((state) => ({ labels: { state }, value: redisCircuit() === state ? 1 : 0 })),
  ["state"],
);

/** The circuit in front of every command: `open` while the app does not wait for Redis. */
export function redisCircuit(): "closed" | "open" | "half-open" {
  if (circuit.opened) return "open";
  return circuit.halfOpen ? "half-open" : "closed";
}

/** Runs a Redis command through the circuit: it fails at once, without reaching Redis, unless the circuit is closed. */
export function shielded<T>(command: () => Promise<T>): Promise<T> {
  if (!circuit.closed) {
    redisCommands.inc({ outcome: "skipped" });
    return Promise.reject(new Error("redis: the circuit is open"));
  }
  return inSpan("redis", {}, () => circuit.fire(command) as Promise<T>, SpanKind.CLIENT);
}

/** What /readyz reports: `off` without REDIS_URL, `degraded` while Redis does not answer (or the circuit keeps the app from asking). */
export function redisState(): "off" | "up" | "degraded" {
  const shared = redis();
  if (!shared) return "off";
  return shared.status === "ready" && redisCircuit() === "closed" ? "up" : "degraded";
}

/** A command that must not fail the request: its answer, or `fallback` with Redis down or the circuit open. */
export async function orElse<T>(command: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await shielded(command);
  } catch {
    return fallback;
  }
}
