import { LRUCache } from "lru-cache";
import { cacheLookups } from "./metrics.server";
import { orElse, redis } from "./redis.server";

/**
 * A TTL cache for public catalogues only (languages, universities, FAQ, …): never for anything
 * that belongs to one user. Concurrent misses share one upstream call. With Redis, a value one
 * replica fetched serves every other until its TTL (as JSON); this process's LRU stays in front.
 */
const entries = new LRUCache<string, Promise<unknown>>({ max: 1_000 });

export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  cacheLookups.inc({ cache: "catalogue", result: hit ? "hit" : "miss" });
  if (hit) return hit as Promise<T>;
  const value = sharedOrLoad(key, ttlMs, load);
  entries.set(key, value, { ttl: ttlMs });
  value.catch(() => entries.peek(key) === value && entries.delete(key));
  return value;
}

async function sharedOrLoad<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const shared = redis();
  if (!shared) return load();
  const sharedKey = `cache:${key}`;
  const stored = await orElse(() => shared.multi().get(sharedKey).pttl(sharedKey).exec(), null);
  const [[, json] = [], [, leftMs] = []] = stored ?? [];
  if (typeof json === "string" && typeof leftMs === "number" && leftMs > 0) {
    // The entry ages here as it does in Redis: it is not served past the TTL it was fetched with.
    const value = JSON.parse(json) as T;
    entries.set(key, Promise.resolve(value), { ttl: leftMs });
    return value;
  }
  const value = await load();
  await orElse(() => shared.set(sharedKey, JSON.stringify(value), "PX", ttlMs), null);
  return value;
}
