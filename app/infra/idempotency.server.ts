import { LRUCache } from "lru-cache";

/**
 * Remembers, for a few minutes, the outcome of a form submission by its one-time id, so a second
 * POST of the same rendered form (a double click without JavaScript sends two) gets the first
 * one's answer instead of sending again. Per process: enough for a double click, which reaches
 * the same instance within milliseconds.
 */
const TTL_MS = 10 * 60 * 1000;
const MAX_ENTRIES = 10_000;

const outcomes = new LRUCache<string, Promise<unknown>>({ max: MAX_ENTRIES, ttl: TTL_MS });

export function once<T>(id: string, run: () => Promise<T>): Promise<T> {
  const known = outcomes.get(id);
  if (known) return known as Promise<T>;
  const outcome = run();
  outcomes.set(id, outcome);
  outcome.catch(() => outcomes.peek(id) === outcome && outcomes.delete(id));
  return outcome;
}
