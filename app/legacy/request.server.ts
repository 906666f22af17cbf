import { setTimeout as delay } from "node:timers/promises";
import type { z } from "zod/v4";
import { cached } from "~/infra/cache.server";
import { getConfig } from "~/infra/config.server";
import { loggablePath, log } from "~/infra/log.server";
import { endpointTemplate, type LegacyOutcome, legacyCalls, legacyDuration } from "~/infra/metrics.server";
import { injectTraceHeaders, inSpan, SpanKind } from "~/infra/tracing.server";
import { BodyTooLarge, readCapped, upstream, type UpstreamReply, type UpstreamRequest } from "~/infra/upstream.server";
import { parseJson, validateReply } from "./validated-replies.server";

/**
 * The one door to the legacy API: headers, timeout, parsing and the error mapping of spec §8.
 * Every response is parsed with zod here, so nothing past this module sees raw JSON.
 */
export type Locale = "es" | "en";

export type LegacyContext = {
  locale: Locale;
  token?: string;
  /** Called on a 401 of an authenticated call; what it returns is thrown (a redirect that ends the session). */
  onUnauthorized?: (message: string) => Promise<Response>;
  /**
   * Called when the API does not answer properly (down, timeout, 5xx, unreadable); what it returns
   * is thrown. Loaders set it to show the error page with the request id; actions leave it unset
   * and turn the LegacyError into a form error that keeps the input.
   */
  onUnavailable?: () => unknown;
  /** The id of the browser's request, logged with every upstream call it makes. */
  requestId?: string;
  /** A `performance.now()` no call may outlast (a retried write's shared deadline, `writeDeadline`). */
  deadline?: number;
};

export type LegacyErrorKind = "unauthorized" | "refused" | "invalid" | "unavailable";

export class LegacyError extends Error {
  constructor(
    readonly kind: LegacyErrorKind,
    readonly status: number,
    /** The server's own message (401, 402, 422), safe to show; empty when unreadable. */
    readonly serverMessage: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(`legacy ${kind} (${status})${serverMessage ? `: ${serverMessage}` : ""}`);
    this.name = "LegacyError";
  }
}

/**
 * The request never left this server: the connection was refused or the host not found, so the
 * legacy API cannot have acted on it. Unlike a timeout or a 5xx, even a write that adds up
 * (`update_time`) is safe to send again.
 */
export class LegacyUnreached extends LegacyError {
  constructor() {
    super("unavailable", 502, "");
  }
}

/** Connection failures raised before a byte of the request is written. */
const NOT_CONNECTED = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

const notConnected = (error: unknown) => error instanceof Error && "code" in error && NOT_CONNECTED.has(String(error.code));

/** Megabytes are no reply the legacy API means (its catalogue is tens of kB): garbage, not read on. */
export const MAX_REPLY_BYTES = 4 * 1024 * 1024;

type Body = Record<string, unknown> | FormData;

type RequestOptions<T> = {
  method: "GET" | "POST";
  path: string;
  body?: Body;
  schema: z.ZodType<T, unknown>;
};

function messageOf(payload: unknown): string {
  if (payload && typeof payload === "object" && "message" in payload && typeof payload.message === "string") {
    return payload.message.slice(0, 300);
  }
  return "";
}

function fieldErrorsOf(payload: unknown): Record<string, string[]> {
  if (!payload || typeof payload !== "object" || !("errors" in payload)) return {};
  const errors = payload.errors;
  if (!errors || typeof errors !== "object") return {};
  const result: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors)) {
    const messages = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === "string");
    if (messages.length > 0) result[field] = messages;
  }
  return result;
}

/** GETs are tried at most this many times in all, and only while the deadline leaves room. */
const GET_ATTEMPTS = 3;
const RETRY_BASE_MS = 100;
/** An attempt is not started with less time than this left before the deadline. */
const MIN_ATTEMPT_MS = 50;

/** Full jitter: a random wait up to 100 ms, then up to 200 ms. */
export const jitteredBackoffMs = (retry: number, random = Math.random) => Math.round(random() * RETRY_BASE_MS * 2 ** retry);

/**
 * The one rule for "worth trying again": the legacy API did not answer properly (no answer, a
 * timeout, a 5xx, an unreadable body). A refusal (401, 402, 422) and any other 4xx (a missing
 * extension's 404/405) are answers, not outages: a repeat gets the same one.
 */
export const isTransient = (error: unknown): error is LegacyError =>
  error instanceof LegacyError && error.kind === "unavailable" && (error.status < 400 || error.status >= 500);

/** The shared deadline of a retried write (`finished`, the SSO sign-in): two LEGACY_TIMEOUT_MS for all its attempts. */
export const writeDeadline = () => performance.now() + 2 * getConfig().LEGACY_TIMEOUT_MS;

export type RetryOptions = {
  /** Tries in all, the first one included. */
  attempts: number;
  /** The wait before each retry, or a function of the retry's number (0, 1, ...). */
  delayMs: number | ((retry: number) => number);
  /** `performance.now()` after which no attempt starts; each attempt must stop by it too. */
  deadline: number;
};

/**
 * Runs `task` until it succeeds, tries it again only while its failure `isTransient`, at most
 * `attempts` times, and never starts a try that the wait would push past `deadline`. The last
 * failure is thrown.
 */
export async function retry<T>(task: () => Promise<T>, { attempts, delayMs, deadline }: RetryOptions): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await task();
    } catch (error) {
      if (!isTransient(error) || tried >= attempts) throw error;
      const wait = typeof delayMs === "number" ? delayMs : delayMs(tried - 1);
      if (deadline - performance.now() - wait < MIN_ATTEMPT_MS) throw error;
      await delay(wait);
    }
  }
}

/**
 * One logical call. A GET that fails transiently is tried again at most twice with jittered
 * backoff, all inside one LEGACY_TIMEOUT_MS deadline (or the caller's `ctx.deadline`, if sooner);
 * a POST is sent once.
 */
export async function legacyRequest<T>(ctx: LegacyContext, options: RequestOptions<T>): Promise<T> {
  const deadline = Math.min(ctx.deadline ?? Infinity, performance.now() + getConfig().LEGACY_TIMEOUT_MS);
  let tries = 0;
  try {
    return await retry(
      () => {
        if (tries++ > 0)
          legacyCalls.inc({ endpoint: endpointTemplate(options.path), method: options.method, outcome: "retried" });
        return attempt(ctx, options, deadline);
      },
      {
        attempts: options.method === "GET" ? GET_ATTEMPTS : 1,
        delayMs: jitteredBackoffMs,
        deadline,
      },
    );
  } catch (error) {
    if (isTransient(error) && ctx.onUnavailable) throw ctx.onUnavailable();
    throw error;
  }
}

/**
 * A public catalogue's call, cached per process (app/infra/cache.server.ts): concurrent misses share
 * one upstream call, made without any caller's callbacks; each caller then meets a failure with
 * its own (a shared call must not throw one user's session-ending redirect, or request id, at
 * another). A 401 was about the token of whoever made the shared call: the caller asks again
 * with its own.
 */
export async function cachedLegacyRequest<T>(
  ctx: LegacyContext,
  key: string,
  ttlMs: number,
  options: RequestOptions<T>,
): Promise<T> {
  const { onUnauthorized, onUnavailable, ...plain } = ctx;
  try {
    return await cached(key, ttlMs, () => legacyRequest(plain, options));
  } catch (error) {
    if (error instanceof LegacyError && error.kind === "unauthorized") return legacyRequest(ctx, options);
    if (isTransient(error) && onUnavailable) throw onUnavailable();
    throw error;
  }
}

/** One call, a span of its own whose context goes upstream as `traceparent`. */
function attempt<T>(ctx: LegacyContext, options: RequestOptions<T>, deadline: number): Promise<T> {
  const endpoint = endpointTemplate(options.path);
  return inSpan(
    `legacy ${options.method} ${endpoint}`,
    { "http.request.method": options.method, "url.template": endpoint },
    () => call(ctx, options, deadline),
    SpanKind.CLIENT,
  );
}

async function call<T>(ctx: LegacyContext, options: RequestOptions<T>, deadline: number): Promise<T> {
  const config = getConfig();
  const headers: Record<string, string> = {
    accept: "application/json",
    "accept-language": ctx.locale,
    "x-app-key": config.LEGACY_APP_KEY,
  };
  if (ctx.token) headers.authorization = `Bearer ${ctx.token}`;
  injectTraceHeaders(headers);
  let body: UpstreamRequest["body"];
  // Node's FormData is undici's (sent as multipart); only its DOM type is declared apart.
  if (options.body instanceof FormData) body = options.body as unknown as UpstreamRequest["body"];
  else if (options.body) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  const started = performance.now();
  const endpoint = endpointTemplate(options.path);
  const count = (outcome: LegacyOutcome) => {
    legacyCalls.inc({ endpoint, method: options.method, outcome });
    legacyDuration.observe({ endpoint, method: options.method }, (performance.now() - started) / 1000);
  };
  const logCall = (status: number | string) =>
    log.info("legacy call", {
      method: options.method,
      path: loggablePath(options.path),
      status,
      ms: Math.round(performance.now() - started),
      requestId: ctx.requestId,
    });

  let response: UpstreamReply;
  const signal = AbortSignal.timeout(Math.max(1, Math.round(deadline - performance.now())));
  try {
    response = await upstream.send(`${config.LEGACY_API_URL}${options.path}`, { method: options.method, headers, body, signal });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    logCall(timedOut ? "timeout" : "network-error");
    count(timedOut ? "timeout" : "unreached");
    if (notConnected(error)) throw new LegacyUnreached();
    throw new LegacyError("unavailable", timedOut ? 504 : 502, "");
  }
  const status = response.status;
  const ok = status >= 200 && status < 300;
  let reply: Buffer;
  try {
    reply = await readCapped(response.body, MAX_REPLY_BYTES);
  } catch (error) {
    const tooLarge = error instanceof BodyTooLarge;
    logCall(tooLarge ? "too-large" : "body-timeout");
    count(tooLarge ? "invalid_body" : "timeout");
    throw new LegacyError("unavailable", tooLarge ? 502 : 504, "");
  }
  logCall(status);
  if (!ok) count(status >= 500 ? "5xx" : "4xx");

  if (!ok) {
    const payload = parseJson(reply.toString("utf8"));
    if (status === 401) {
      if (ctx.token && ctx.onUnauthorized) throw await ctx.onUnauthorized(messageOf(payload));
      throw new LegacyError("unauthorized", 401, messageOf(payload));
    }
    if (status === 402) throw new LegacyError("refused", 402, messageOf(payload));
    if (status === 422) throw new LegacyError("invalid", 422, messageOf(payload), fieldErrorsOf(payload));
    throw new LegacyError("unavailable", status, "");
  }

  const parsed = validateReply(options.schema, reply);
  if (!parsed.success) {
    log.warn("legacy response did not match its schema", {
      path: loggablePath(options.path),
      issues: parsed.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join(".")}: ${issue.code}`)
        .join("; "),
    });
    count("invalid_body");
    throw new LegacyError("unavailable", status, "");
  }
  count("ok");
  return parsed.data;
}
