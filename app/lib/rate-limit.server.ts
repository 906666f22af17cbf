import { RateLimiterMemory } from "rate-limiter-flexible";

/**
 * Brute-force brakes for sign-in, recovery and SSO: at most 10 attempts a minute from one client IP
 * and 10 a minute on one account, counted separately per kind. NOTE: the counters live in this
 * process's memory (rate-limiter-flexible's RateLimiterMemory), so with N instances behind a load
 * balancer the effective limit is up to N × 10; `RateLimiterRedis` from the same library is the
 * drop-in for a shared store (docs/security.md).
 */
export const ATTEMPTS_PER_MINUTE = 10;

export type AttemptKind = "login" | "recovery" | "sso";

const limiter = new RateLimiterMemory({ points: ATTEMPTS_PER_MINUTE, duration: 60 });

/** The client IP that server/serve.ts resolved (TRUST_PROXY decides whether X-Forwarded-For counts). */
export function clientIpOf(request: Request): string {
  return request.headers.get("x-academia-client-ip") || "unknown";
}

function keysOf(request: Request, kind: AttemptKind, account?: string): string[] {
  const keys = [`${kind}:ip:${clientIpOf(request)}`];
  const normalised = account?.trim().toLowerCase();
  if (normalised) keys.push(`${kind}:account:${normalised}`);
  return keys;
}

/** Seconds to wait when the IP or the account has used its attempts this minute, else null. */
export async function blockedFor(request: Request, kind: AttemptKind, account?: string): Promise<number | null> {
  const states = await Promise.all(keysOf(request, kind, account).map((key) => limiter.get(key)));
  const waits = states
    .filter((state) => state !== null && state.consumedPoints >= ATTEMPTS_PER_MINUTE)
    .map((state) => Math.ceil((state?.msBeforeNext ?? 0) / 1000));
  return waits.length > 0 ? Math.max(1, ...waits) : null;
}

/** Counts one attempt against the IP and the account. */
export async function countAttempt(request: Request, kind: AttemptKind, account?: string): Promise<void> {
  await Promise.all(
    keysOf(request, kind, account).map((key) => limiter.penalty(key, 1)),
  );
}

export const retryAfter = (seconds: number) => ({ "Retry-After": String(seconds), "Cache-Control": "no-store" });
