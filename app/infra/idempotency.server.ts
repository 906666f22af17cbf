/**
 * Remembers, for a few minutes, the outcome of a form submission by its one-time id, so a second
 * POST of the same rendered form (a double click without JavaScript sends two) gets the first
 * one's answer instead of sending again. Per process: enough for a double click, which reaches
 * the same instance within milliseconds.
 */
const TTL_MS = 10 * 60 * 1000;
const MAX_ENTRIES = 10_000;

const outcomes = new Map<string, { expires: number; outcome: Promise<unknown> }>();

export function once<T>(id: string, run: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const known = outcomes.get(id);
  if (known && known.expires > now) return known.outcome as Promise<T>;
  if (outcomes.size >= MAX_ENTRIES) {
    for (const [key, entry] of outcomes) if (entry.expires <= now || outcomes.size >= MAX_ENTRIES) outcomes.delete(key);
  }
  const outcome = run();
  outcomes.set(id, { expires: now + TTL_MS, outcome });
  outcome.catch(() => outcomes.delete(id));
  return outcome;
}
