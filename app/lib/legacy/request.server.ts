import type { z } from "zod";
import { loggablePath, log } from "../../../server/log";
import { cached } from "../cache.server";
import { getConfig } from "../config.server";

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

type Body = Record<string, unknown> | FormData;

type RequestOptions<T> = {
  method: "GET" | "POST";
  path: string;
  body?: Body;
  schema: z.ZodType<T, z.ZodTypeDef, unknown>;
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

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** GETs are retried at most this many times, and only while the deadline leaves room. */
const GET_RETRIES = 2;
const RETRY_BASE_MS = 100;
/** An attempt is not started with less time than this left before the deadline. */
const MIN_ATTEMPT_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Full jitter: a random wait up to 100 ms, then up to 200 ms. */
export const retryDelayMs = (retry: number, random = Math.random) => Math.round(random() * RETRY_BASE_MS * 2 ** retry);

/**
 * One logical call. A GET that fails transiently (no answer, 5xx, unreadable) is tried again at
 * most twice with jittered backoff, all inside one LEGACY_TIMEOUT_MS deadline; a POST is sent once.
 */
export async function legacyRequest<T>(ctx: LegacyContext, options: RequestOptions<T>): Promise<T> {
  const deadline = performance.now() + getConfig().LEGACY_TIMEOUT_MS;
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(ctx, options, deadline);
    } catch (error) {
      const wait = retryDelayMs(retry);
      // A 4xx outside the mapped ones (a missing extension's 404/405) is an answer, not an outage.
      const transient =
        error instanceof LegacyError && error.kind === "unavailable" && (error.status < 400 || error.status >= 500);
      const room = deadline - performance.now() - wait >= MIN_ATTEMPT_MS;
      if (!transient || options.method !== "GET" || retry >= GET_RETRIES || !room) {
        if (transient && ctx.onUnavailable) throw ctx.onUnavailable();
        throw error;
      }
      await sleep(wait);
    }
  }
}

/**
 * A public catalogue's call, cached per process (app/lib/cache.server.ts): concurrent misses share
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
    const transient =
      error instanceof LegacyError && error.kind === "unavailable" && (error.status < 400 || error.status >= 500);
    if (transient && onUnavailable) throw onUnavailable();
    throw error;
  }
}

async function attempt<T>(ctx: LegacyContext, options: RequestOptions<T>, deadline: number): Promise<T> {
  const config = getConfig();
  const headers = new Headers({
    Accept: "application/json",
    "Accept-Language": ctx.locale,
    "X-App-Key": config.LEGACY_APP_KEY,
  });
  if (ctx.token) headers.set("Authorization", `Bearer ${ctx.token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }

  const started = performance.now();
  const logCall = (status: number | string) =>
    log.info("legacy call", {
      method: options.method,
      path: loggablePath(options.path),
      status,
      ms: Math.round(performance.now() - started),
      requestId: ctx.requestId,
    });

  let response: Response;
  try {
    response = await fetch(`${config.LEGACY_API_URL}${options.path}`, {
      method: options.method,
      headers,
      body,
      signal: AbortSignal.timeout(Math.max(1, Math.round(deadline - performance.now()))),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    logCall(timedOut ? "timeout" : "network-error");
    throw new LegacyError("unavailable", timedOut ? 504 : 502, "");
  }
  let payload: unknown;
  try {
    payload = await readJson(response);
  } catch {
    logCall("body-timeout");
    throw new LegacyError("unavailable", 504, "");
  }
  logCall(response.status);

  if (response.status === 401) {
    if (ctx.token && ctx.onUnauthorized) throw await ctx.onUnauthorized(messageOf(payload));
    throw new LegacyError("unauthorized", 401, messageOf(payload));
  }
  if (response.status === 402) throw new LegacyError("refused", 402, messageOf(payload));
  if (response.status === 422) {
    throw new LegacyError("invalid", 422, messageOf(payload), fieldErrorsOf(payload));
  }
  if (!response.ok) throw new LegacyError("unavailable", response.status, "");

  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) {
    log.warn("legacy response did not match its schema", {
      path: loggablePath(options.path),
      issues: parsed.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join(".")}: ${issue.code}`)
        .join("; "),
    });
    throw new LegacyError("unavailable", response.status, "");
  }
  return parsed.data;
}
