import type { HeadersFunction } from "@remix-run/node";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { refusals } from "./metrics.server";
import { redis, shielded } from "./redis.server";

/**
 * Brute-force brakes for sign-in, recovery and SSO (OWASP authentication cheat sheet): counted per
 * client IP and account together and per IP, never per account alone, so an attacker cannot lock
 * the owner out (docs/security.md, decision 012).
 *
 * - login: 10 refused attempts a minute per IP + account, 30 per IP. An account with 20 refusals
 *   in 15 minutes is under attack: each IP then gets only 3 refusals on it per 15 minutes, while
 *   an IP that has not been guessing (the owner's) signs in as usual.
 * - recovery: 10 requests a minute per IP (then 429); 5 e-mails an hour per address, after which
 *   the request is answered as usual and nothing is sent (the form must not reveal the limit).
 * - sso: 10 failed hand-offs a minute per IP (the account is inside the ciphertext).
 *
 * With REDIS_URL every replica counts in Redis, so N replicas allow exactly these numbers; while
 * Redis does not answer (or without it) each process counts in its own memory (decision 040).
 */
export type AttemptKind = "login" | "recovery" | "sso";

/** A counter of attempts: `take` answers the refusal (the limit is used up) or null. */
type Counter = {
  take: (key: string) => Promise<RateLimiterRes | null>;
  giveBack: (key: string) => Promise<unknown>;
};

const refusalOf = (limiter: RateLimiterAbstract, key: string) =>
  limiter.consume(key, 1).then(
    () => null,
    (reason: unknown) => {
      if (reason instanceof RateLimiterRes) return reason;
      throw reason;
    },
  );

function counter(name: string, points: number, durationSeconds: number): Counter {
  const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });
  const shared = redis();
  if (!shared) return { take: (key) => refusalOf(memory, key), giveBack: (key) => memory.reward(key, 1) };
  const store = new RateLimiterRedis({ storeClient: shared, keyPrefix: `limit:${name}`, points, duration: durationSeconds });
  // Redis's count through its circuit (a refusal is an answer, not a failure); this process's when it does not answer.
  return {
    take: (key) => shielded(() => refusalOf(store, key)).catch(() => refusalOf(memory, key)),
    giveBack: (key) => shielded(() => store.reward(key, 1)).catch(() => memory.reward(key, 1)),
  };
}

type Rule = {
  counter: Counter;
  /** The counted key, or null when the rule does not apply (no account typed). */
  key: (ip: string, account: string | null) => string | null;
  /**
   * What using it up does: `block` answers 429; `quiet` lets the caller answer as usual and do
   * nothing; `brake` puts the account under attack, which turns the `braked` rules on.
   */
  effect: "block" | "quiet" | "brake";
  braked?: boolean;
};

const byIp = (ip: string) => ip;
const byIpAndAccount = (ip: string, account: string | null) => (account ? `${ip}|${account}` : null);
const byAccount = (_ip: string, account: string | null) => account;

const MINUTE = 60;
/** Refused sign-ins a minute from one IP on one account, then 429. */
export const LOGIN_ATTEMPTS_PER_IP_AND_ACCOUNT = 10;
/** Built on first use: reading the configuration on import would fix it before a test sets it. */
const buildRules = (): Record<AttemptKind, Rule[]> => ({
  login: [
    { counter: counter("login-ip-account", LOGIN_ATTEMPTS_PER_IP_AND_ACCOUNT, MINUTE), key: byIpAndAccount, effect: "block" },
    { counter: counter("login-ip", 30, MINUTE), key: byIp, effect: "block" },
    { counter: counter("login-account", 20, 15 * MINUTE), key: byAccount, effect: "brake" },
    { counter: counter("login-braked", 3, 15 * MINUTE), key: byIpAndAccount, effect: "block", braked: true },
  ],
  recovery: [
    { counter: counter("recovery-ip", 10, MINUTE), key: byIp, effect: "block" },
    { counter: counter("recovery-address", 5, 60 * MINUTE), key: byAccount, effect: "quiet" },
  ],
  sso: [{ counter: counter("sso-ip", 10, MINUTE), key: byIp, effect: "block" }],
});
let rules: Record<AttemptKind, Rule[]> | undefined;

/** The client IP that server/serve.ts resolved (TRUST_PROXY decides whether X-Forwarded-For counts). */
export function clientIpOf(request: Request): string {
  return request.headers.get("x-academia-client-ip") || "unknown";
}

export type Attempt = {
  /** Seconds to wait when a blocking limit is used up, else null: answer 429. */
  blockedFor: number | null;
  /** A quiet limit is used up: answer as if the request went through, and do not send it. */
  quiet: boolean;
  /** Gives the attempt back: it turned out not to be a guess (a success, an API that did not answer). */
  refund: () => Promise<void>;
};

/**
 * Spends one attempt on every counter that applies BEFORE the guess is tried: counting after the
 * legacy API answered let any number of parallel requests through the check.
 */
export async function takeAttempt(request: Request, kind: AttemptKind, account?: string): Promise<Attempt> {
  const ip = clientIpOf(request);
  const normalised = account?.trim().toLowerCase() || null;
  const spent: Array<[Counter, string]> = [];
  const waits: number[] = [];
  let quiet = false;
  let braked = false;
  const spend = async (rule: Rule) => {
    const key = rule.key(ip, normalised);
    if (!key) return;
    spent.push([rule.counter, key]);
    const refusal = await rule.counter.take(key);
    if (!refusal) return;
    if (rule.effect === "block") waits.push(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
    else if (rule.effect === "quiet") quiet = true;
    else braked = true;
  };
  rules ??= buildRules();
  for (const rule of rules[kind].filter((candidate) => !candidate.braked)) await spend(rule);
  if (braked) for (const rule of rules[kind].filter((candidate) => candidate.braked)) await spend(rule);
  if (waits.length > 0) refusals.inc({ reason: "rate_limit" });
  return {
    blockedFor: waits.length > 0 ? Math.max(...waits) : null,
    quiet,
    refund: async () => {
      await Promise.all(spent.map(([counted, key]) => counted.giveBack(key)));
    },
  };
}

const REFUSAL_HEADERS = ["Retry-After", "Cache-Control"];

export const retryAfter = (seconds: number) => ({ "Retry-After": String(seconds), "Cache-Control": "no-store" });

/**
 * The `headers` of a route that answers 429: Remix keeps only the cookies of a loader's or an
 * action's headers unless the route says which others reach the browser.
 */
export const refusalHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const refusal = [actionHeaders, loaderHeaders].find((headers) => headers.has("Retry-After"));
  const headers = new Headers();
  for (const name of REFUSAL_HEADERS) {
    const value = refusal?.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
