import { LRUCache } from "lru-cache";

/**
 * A per-process TTL cache for public catalogues only (languages, universities, FAQ, …): never
 * for anything that belongs to one user. Concurrent misses share one upstream call.
 */
const entries = new LRUCache<string, Promise<unknown>>({ max: 1_000 });

export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  if (hit) return hit as Promise<T>;
  const value = load();
  entries.set(key, value, { ttl: ttlMs });
  value.catch(() => entries.peek(key) === value && entries.delete(key));
  return value;
}
