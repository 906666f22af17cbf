import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

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

export type Attempt = {
  /** Seconds to wait when the IP or the account has used its attempts this minute, else null. */
  blockedFor: number | null;
  /** Gives the attempt back: it turned out not to be a guess (a success, an API that did not answer). */
  refund: () => Promise<void>;
};

/**
 * Spends one attempt of the IP and of the account BEFORE the guess is tried: counting after the
 * legacy API answered let any number of parallel requests through the check.
 */
export async function takeAttempt(request: Request, kind: AttemptKind, account?: string): Promise<Attempt> {
  const keys = keysOf(request, kind, account);
  const results = await Promise.allSettled(keys.map((key) => limiter.consume(key, 1)));
  const waits = results.flatMap((result) => {
    if (result.status === "fulfilled") return [];
    if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
    return [Math.max(1, Math.ceil(result.reason.msBeforeNext / 1000))];
  });
  return {
    blockedFor: waits.length > 0 ? Math.max(...waits) : null,
    refund: async () => {
      await Promise.all(keys.map((key) => limiter.reward(key, 1)));
    },
  };
}

export const retryAfter = (seconds: number) => ({ "Retry-After": String(seconds), "Cache-Control": "no-store" });
