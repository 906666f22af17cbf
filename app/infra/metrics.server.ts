import client, { type Counter, type Gauge, type Histogram } from "prom-client";

/**
 * The service's Prometheus metrics (prom-client, issue #30, docs/operations.md): the one home of
 * their names, labels and meaning. They are served on their own listener (METRICS_PORT,
 * server/serve.ts), never on the public port. Labels stay bounded: route ids and endpoint
 * templates, never a user, an id or a raw path.
 *
 * NOTE: this module is bundled twice (the Remix build and the HTTP edge's), and both copies run in
 * one process with one prom-client: each metric is made once and found by name the second time.
 */
const registry = client.register;

function once<T>(name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Every request: its Remix route id (or `static`, `edge` for the server's own answers, `unmatched`), method, status class and kind. */
export const httpRequests: Counter<"route" | "method" | "status" | "kind"> = once(
  "academia_http_requests_total",
  () =>
    new client.Counter({
      name: "academia_http_requests_total",
      help: "Requests answered, by Remix route id, method, status class (2xx…5xx) and kind (document, data, resource, static, edge)",
      labelNames: ["route", "method", "status", "kind"],
    }),
);

export const httpDuration: Histogram<"route" | "method" | "kind"> = once(
  "academia_http_request_duration_seconds",
  () =>
    new client.Histogram({
      name: "academia_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by Remix route id, method and kind",
      labelNames: ["route", "method", "kind"],
      buckets: SECONDS,
    }),
);

export type LegacyOutcome = "ok" | "4xx" | "5xx" | "timeout" | "unreached" | "invalid_body" | "retried";

/** Every call to the legacy API: its endpoint template (`/training/user_points/{id}`), method and outcome. */
export const legacyCalls: Counter<"endpoint" | "method" | "outcome"> = once(
  "academia_legacy_calls_total",
  () =>
    new client.Counter({
      name: "academia_legacy_calls_total",
      help: "Calls to the legacy API by endpoint template, method and outcome (ok, 4xx, 5xx, timeout, unreached, invalid_body; retried: an attempt tried again)",
      labelNames: ["endpoint", "method", "outcome"],
    }),
);

export const legacyDuration: Histogram<"endpoint" | "method"> = once(
  "academia_legacy_call_duration_seconds",
  () =>
    new client.Histogram({
      name: "academia_legacy_call_duration_seconds",
      help: "Time of one call to the legacy API (one attempt), by endpoint template and method",
      labelNames: ["endpoint", "method"],
      buckets: SECONDS,
    }),
);

export type RefusalReason =
  "rate_limit" | "too_large" | "unsupported" | "too_many" | "busy" | "timeout" | "bad_request" | "forbidden";

/** Requests refused to protect the service: sign-in limits, size, type, a client's share (429), the process's budget (503), stalled bodies. */
export const refusals: Counter<"reason"> = once(
  "academia_refusals_total",
  () =>
    new client.Counter({
      name: "academia_refusals_total",
      help: "Requests refused by reason: rate_limit (sign-in limits), too_large (413), unsupported (415), too_many (429: a client's share), busy (503: the process's budget), timeout (408), bad_request, forbidden",
      labelNames: ["reason"],
    }),
);

/** Lookups of the app's caches: public catalogues, validated legacy replies, unsealed sessions. */
export const cacheLookups: Counter<"cache" | "result"> = once(
  "academia_cache_lookups_total",
  () =>
    new client.Counter({
      name: "academia_cache_lookups_total",
      help: "Cache lookups by cache (catalogue, validated_reply, session) and result (hit, miss); the hit ratio is hit / (hit + miss)",
      labelNames: ["cache", "result"],
    }),
);

/** Commands sent to the shared Redis through its circuit (decision 053). */
export const redisCommands: Counter<"outcome"> = once(
  "academia_redis_commands_total",
  () =>
    new client.Counter({
      name: "academia_redis_commands_total",
      help: "Redis commands by outcome: ok, failed (an error or its timeout), skipped (the circuit was open: the caller's fallback at once)",
      labelNames: ["outcome"],
    }),
);

/**
 * A gauge read when Prometheus scrapes: `read` returns the value, or values by label. The module
 * that owns the state declares it beside that state.
 */
export function gaugeOf(name: string, help: string, read: () => number): Gauge;
export function gaugeOf<L extends string>(
  name: string,
  help: string,
  read: () => Array<{ labels: Record<L, string>; value: number }>,
  labelNames: L[],
): Gauge<L>;
export function gaugeOf<L extends string>(
  name: string,
  help: string,
  read: () => number | Array<{ labels: Record<L, string>; value: number }>,
  labelNames: L[] = [],
): Gauge<L> {
  return once(
    name,
    () =>
      new client.Gauge<L>({
        name,
        help,
        labelNames,
        collect() {
          const value = read();
          if (typeof value === "number") return void this.set(value);
          this.reset();
          for (const each of value) this.set(each.labels, each.value);
        },
      }),
  );
}

/** A gauge of work holding slots and waiting for one (`state`: running, waiting), read when scraped. */
export function slotsGaugeOf(name: string, help: string, read: () => { running: number; waiting: number }): Gauge<"state"> {
  return gaugeOf(
    name,
    help,
    () => {
      const { running, waiting } = read();
      return [
        { labels: { state: "running" }, value: running },
        { labels: { state: "waiting" }, value: waiting },
      ];
    },
    ["state"],
  );
}

let defaults = false;

/** Node's own process metrics (CPU, memory, event loop lag, handles), once per process. */
export function collectProcessMetrics() {
  if (defaults) return;
  defaults = true;
  client.collectDefaultMetrics({ register: registry });
}

/** The text Prometheus scrapes. */
export const metricsText = () => registry.metrics();
export const METRICS_CONTENT_TYPE = registry.contentType;

/** A legacy API path as a bounded label: no query, and numbers or anything encoded or long become `{id}`. */
export function endpointTemplate(path: string): string {
  return path
    .replace(/[?#].*$/s, "")
    .split("/")
    .map((segment) => (/^\d+$/.test(segment) || segment.includes("%") || segment.length > 40 ? "{id}" : segment))
    .join("/");
}

/** A status as its class: 2xx, 3xx, 4xx, 5xx. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
