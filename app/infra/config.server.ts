import { z } from "zod";
import { parseRedisUrl } from "./redis-url.server";

/**
 * The whole configuration of the BFF, read once from the environment.
 * NOTE: with no LEGACY_API_URL the launcher starts the embedded mock legacy API and fills the
 * secrets below with demo values; with LEGACY_API_URL set every secret is required.
 */
const hex = (bytes: number[]) =>
  z
    .string()
    .regex(
      new RegExp(`^(${bytes.map((n) => `[0-9a-fA-F]{${n * 2}}`).join("|")})$`),
      `must be ${bytes.map((n) => n * 2).join(" or ")} hexadecimal characters`,
    );

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  LEGACY_API_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), "must be an http(s) URL")
    .transform((value) => value.replace(/\/+$/, "")),
  LEGACY_APP_KEY: z.string().min(8, "must be at least 8 characters"),
  LEGACY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters"),
  SSO_AES_KEY: hex([16, 24, 32]),
  SSO_AES_IV: hex([16]),
  FILES_HOST_URL: z
    .string()
    .url()
    .transform((value) => value.replace(/\/+$/, "")),
  /**
   * The path prefixes on FILES_HOST_URL that `/files/` and `/pdf-pages/` may fetch: where the
   * legacy API puts media (`storage/…`). Anything else on that host (an admin page, a test
   * endpoint) is never proxied. Comma-separated folders, each ending in `/`.
   */
  FILES_PATH_PREFIXES: z
    .string()
    .default("storage/")
    .transform((value) =>
      value
        .split(",")
        .map((prefix) => prefix.trim())
        .filter(Boolean),
    )
    .refine(
      (prefixes) => prefixes.length > 0 && prefixes.every((prefix) => /^([\w-][\w.-]*\/)+$/.test(prefix)),
      "must be folders such as storage/ or media/courses/, comma-separated, each ending in /",
    ),
  LOGIN_MODE: z.enum(["password", "employee"]).default("password"),
  /**
   * `1`: the embedded demo (the mock legacy API, demo secrets and accounts) is wanted. Without it,
   * production with no LEGACY_API_URL is a configuration error, never a quiet demo (`demoRefusal`).
   */
  DEMO_MODE: z
    .enum(["0", "1"], { message: "must be 0 or 1" })
    .default("0")
    .transform((value) => value === "1"),
  /** After SIGTERM, how long /readyz answers 503 while requests are still served (load balancers catch up). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** The launcher's wait before starting a crashed server again, doubled for each further crash within the minute, up to 16 ×. */
  RESTART_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  /** An upload whose body sends nothing for this long is answered 408 and its slot given back. */
  UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Any other body (a form, a player write) that sends nothing for this long is answered 408 and
   * its connection closed: the edge reads those bodies at once, so a pause is the client's.
   */
  BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000),
  /**
   * Memory the bodies in flight may hold together (their bytes and what parsing them builds,
   * server/budget.ts); a learner may hold a third of it, a client address half. Unset: a third of
   * HEAP_MB. At least 32: a learner's third must take the largest player write (1.55 MB, charged 6×).
   */
  BODY_BUDGET_MB: z.coerce.number().int().min(32).max(4096).optional(),
  /**
   * Requests whose loaders or actions run at once (server/remix-handler.ts); past it, 503 with
   * Retry-After, and one client address gets half. Each holds ~0.3 MB until its page is drawn: a
   * thousand at once took the heap past 192 MB. Unset: HEAP_MB (about a third of the heap).
   */
  MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(8).max(100_000).optional(),
  /** Open connections the serving process takes; past it, new ones are closed at once. */
  MAX_CONNECTIONS: z.coerce.number().int().min(16).max(100_000).default(1_000),
  /**
   * Open connections one client address may hold; past it, new ones from it are closed at once.
   * Only without a proxy (TRUST_PROXY 0): behind one, every connection comes from the proxy.
   */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(8).max(100_000).default(256),
  /** Bodies one client address may have arriving at once; past it, 429. Behind a proxy, TRUST_PROXY names the address. */
  MAX_UNFINISHED_BODIES_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(16),
  /**
   * How many proxies are in front of the app (express's `trust proxy` hop count): the client IP is
   * the address the last of them appended to X-Forwarded-For, and X-Forwarded-Host/Proto count.
   * 0 when clients reach the app directly: any other value lets them choose their own IP.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * `1` on a trusted internal network served over plain http: the session cookie drops `__Host-`
   * and `Secure` (which browsers refuse over http). Never on the internet: the cookie then
   * travels unencrypted.
   */
  INSECURE_COOKIES: z
    .enum(["0", "1"], { message: "must be 0 or 1" })
    .default("0")
    .transform((value) => value === "1"),
  /**
   * `1`: every media URL the legacy API hands out on FILES_HOST_URL reaches the browser as the
   * app's own `/files/…`. Embedded mode sets it: the mock's loopback address means nothing to a
   * browser on another machine.
   */
  MEDIA_VIA_APP: z
    .enum(["0", "1"], { message: "must be 0 or 1" })
    .default("0")
    .transform((value) => value === "1"),
  /**
   * A Redis (or Valkey) every replica shares: sign-in limits, logout revocations and caches
   * (README, "Scaling"). Unset: each process keeps them in its own memory.
   */
  REDIS_URL: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const parsed = value === undefined ? null : parseRedisUrl(value);
      if (parsed && !parsed.ok) ctx.addIssue({ code: "custom", message: parsed.problem });
    }),
  /**
   * The port of the Prometheus metrics (`/metrics`, docs/operations.md), on its own listener, never
   * the public one. Unset: no metrics listener.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * The serving process's V8 old-space limit. Without one V8 grows the heap lazily towards a
   * quarter of the machine's memory (400+ MiB of mostly garbage under load); the live set is far
   * smaller, so a bound keeps RSS predictable at no measured cost in throughput.
   */
  HEAP_MB: z.coerce.number().int().min(96).max(4096).default(192),
  /**
   * Processes that draw PDF pages at once (docs/decisions/051-pdf-renderers-under-prlimit.md); one
   * learner holds at most half of them. Each takes a core while it draws.
   */
  PDF_RENDERERS: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * Memory of each PDF renderer process, in MiB: its data limit (`prlimit --data`), which caps
   * pdf.js's heap, decoded streams, Skia's canvases and thread stacks together; past it an
   * allocation fails and only that render ends. 512: a renderer rests at ~120 MiB of data and the
   * heaviest page the render budget admits (two 4096² images) peaks at ~435; two renderers and the
   * serving process (HEAP_MB + 256) stay under 1.5 GB.
   */
  PDF_RENDER_MEMORY_MB: z.coerce.number().int().min(256).max(16_384).default(512),
});

export type Config = z.infer<typeof configSchema>;

export const demoSecrets = {
  LEGACY_APP_KEY: "demo-app-key-academia",
  SESSION_SECRET: "demo-session-secret-academia-0123456789abcdef",
  SSO_AES_KEY: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
  SSO_AES_IV: "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf",
} as const;

type Env = Record<string, string | undefined>;

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** What an operator reads when the configuration is refused: one line per problem. */
export function describeProblems(problems: readonly string[]): string {
  return `Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`;
}

export function parseConfig(env: Env): ConfigResult {
  const values = Object.fromEntries(Object.keys(configSchema.shape).map((key) => [key, env[key] === "" ? undefined : env[key]]));
  const result = configSchema.safeParse(values);
  if (result.success) return { ok: true, config: result.data };
  return {
    ok: false,
    problems: result.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message === "Required" ? "is required" : issue.message}`,
    ),
  };
}

/** True when no upstream is configured: the launcher then runs the embedded mock legacy API. */
export function isEmbedded(env: Env): boolean {
  return !env.LEGACY_API_URL;
}

/**
 * Why the launcher will not start: production (NODE_ENV unset or `production`) with no
 * LEGACY_API_URL and no DEMO_MODE=1 — an image started without its upstream must not quietly
 * run the demo with its public secrets. One line, saying what to set; null when it may start.
 */
export function demoRefusal(env: Env): string | null {
  const production = (env.NODE_ENV || "production") === "production";
  if (!production || !isEmbedded(env) || env.DEMO_MODE === "1") return null;
  return (
    "No LEGACY_API_URL in production: set LEGACY_API_URL and LEGACY_APP_KEY, SESSION_SECRET, SSO_AES_KEY and SSO_AES_IV " +
    "to serve the academy's legacy API, or DEMO_MODE=1 to run the embedded demo (mock API, demo secrets and accounts)."
  );
}

/** The environment the app runs with in embedded mode: demo secrets unless the operator set them. */
export function withEmbeddedDefaults(env: Env, mockOrigin: string): Env {
  return {
    ...demoSecrets,
    FILES_HOST_URL: mockOrigin,
    MEDIA_VIA_APP: "1",
    DEMO_MODE: "1",
    ...Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== "")),
    LEGACY_API_URL: `${mockOrigin}/v1/api`,
  };
}

let cached: Config | undefined;

/** The validated configuration; the process stops at start when it is invalid. */
export function getConfig(): Config {
  if (cached) return cached;
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    throw new Error(describeProblems(parsed.problems));
  }
  cached = parsed.config;
  return cached;
}
