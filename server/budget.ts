import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Memory in flight, budgeted (issue #26, docs/security.md "Budgets"): every request body the edge
 * lets through is charged what it can cost in memory (its bytes and what parsing them builds)
 * from when it starts to arrive until its answer is sent, so parsed records waiting in a
 * learner's write lane are counted too. A charge is taken from the process's budget and from two
 * shares of it: the learner's (their session cookie) and the client address's (everyone behind
 * it, or a client without a session). Past a share the answer is 429, past the budget 503.
 */
export type Shares = {
  /** The whole process: every body in flight together. */
  total: number;
  /** One session cookie's bodies. */
  learner: number;
  /** One client address's bodies (a NAT'd office shares it; an attacker without a session has only this). */
  address: number;
};

export type Charge =
  { ok: true; release: () => void } | { ok: false; over: "learner" | "address" | "total"; retryAfterSeconds: number };

/** A learner's writes are sent one at a time: theirs end within a second. */
export const RETRY_AFTER_SHARE_S = 2;
/** The process is full: everyone waits a little longer. */
export const RETRY_AFTER_BUSY_S = 5;

export class MemoryBudget {
  private used = 0;
  private readonly byKey = new Map<string, number>();

  constructor(readonly shares: Shares) {}

  /** Takes `bytes` for a body of `learner` (null without a session) from `address`, or says which limit it is past. */
  charge(bytes: number, learner: string | null, address: string): Charge {
    const keys = learner === null ? [`a:${address}`] : [`l:${learner}`, `a:${address}`];
    const share = (key: string) => (key.startsWith("l:") ? this.shares.learner : this.shares.address);
    const over = keys.find((key) => (this.byKey.get(key) ?? 0) + bytes > share(key));
    if (over) return { ok: false, over: over.startsWith("l:") ? "learner" : "address", retryAfterSeconds: RETRY_AFTER_SHARE_S };
    if (this.used + bytes > this.shares.total) return { ok: false, over: "total", retryAfterSeconds: RETRY_AFTER_BUSY_S };
    this.used += bytes;
    for (const key of keys) this.byKey.set(key, (this.byKey.get(key) ?? 0) + bytes);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.used -= bytes;
        for (const key of keys) {
          const left = (this.byKey.get(key) ?? 0) - bytes;
          if (left > 0) this.byKey.set(key, left);
          else this.byKey.delete(key);
        }
      },
    };
  }

  /** Bytes charged now (for metrics and tests). */
  get inFlight(): number {
    return this.used;
  }
}

/**
 * Memory over time: what a learner's bodies (or an address's, without a session) are charged is
 * also spent from a bucket that refills over RATE_WINDOW_S, so one client cannot keep the
 * process parsing large bodies back to back while others wait for the event loop. Past it, 429
 * with the time until the bucket has room.
 */
const RATE_WINDOW_S = 10;

export class CostRate {
  private readonly bucket: RateLimiterMemory;

  /** `perWindow`: the cost one key may be admitted per RATE_WINDOW_S. */
  constructor(readonly perWindow: number) {
    this.bucket = new RateLimiterMemory({ keyPrefix: "body-cost", points: perWindow, duration: RATE_WINDOW_S });
  }

  /** Spends `cost` of `key`'s bucket: null when it had room, else the seconds to wait. */
  async spend(key: string, cost: number): Promise<number | null> {
    if (cost === 0) return null;
    try {
      await this.bucket.consume(key, cost);
      return null;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      throw refusal;
    }
  }
}

/**
 * Counts what is open per key (a client address's unfinished bodies) and refuses past `limit`.
 * `enter` returns the function that closes it again, or null when the key is at its limit.
 */
export class OpenCounter {
  private readonly open = new Map<string, number>();

  constructor(readonly limit: number) {}

  enter(key: string): (() => void) | null {
    const count = this.open.get(key) ?? 0;
    if (count >= this.limit) return null;
    this.open.set(key, count + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const remaining = (this.open.get(key) ?? 1) - 1;
      if (remaining > 0) this.open.set(key, remaining);
      else this.open.delete(key);
    };
  }

  /** Keys holding something open (for tests: nothing may leak). */
  get size(): number {
    return this.open.size;
  }
}
