/**
 * A per-process TTL cache for public catalogues only (languages, universities, FAQ, …): never
 * for anything that belongs to one user. Concurrent misses share one upstream call.
 */
type Entry = { expires: number; value: Promise<unknown> };

const entries = new Map<string, Entry>();

export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { expires: now + ttlMs, value });
  value.catch(() => entries.delete(key));
  return value;
}
