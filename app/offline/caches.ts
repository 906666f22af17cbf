import { ITEM_PREFIX, META_CACHE, OWNER_KEY, SAVED_CACHE } from "./names";

/** One saved activity, as its index entry keeps it. */
export type SavedItem = {
  id: number;
  title: string;
  kind: string;
  /** The player's address, which opens it. */
  url: string;
  /** Every address kept for it (pages, content files and the app's own files). */
  urls: string[];
  bytes: number;
  savedAt: string;
};

export type Owner = { user: number; lng: string };

/** Every saved activity's index entry, newest first (ISO times compare as strings; no collator, decision 079). */
export async function savedItems(cache: Cache): Promise<SavedItem[]> {
  const keys = (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith(ITEM_PREFIX));
  const items = await Promise.all(
    keys.map(async (key) => ((await (await cache.match(key))?.json().catch(() => null)) as SavedItem | null) ?? null),
  );
  return items
    .filter((item): item is SavedItem => item !== null)
    .sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0));
}

export async function readOwner(): Promise<Owner | null> {
  // `caches.match` with a name creates no cache: after a sign-out, reading leaves none behind.
  const response = await caches.match(OWNER_KEY, { cacheName: META_CACHE });
  return ((await response?.json().catch(() => null)) as Owner | null) ?? null;
}

/** The owner a signed-in page names in its OWNER_HEADER, or null. */
export function parseOwner(header: string | null): Owner | null {
  const match = /^(\d{1,12}); lng=([a-z]{2})$/.exec(header ?? "");
  return match ? { user: Number(match[1]), lng: match[2] as string } : null;
}

/**
 * Records whose saved content this device holds. Content saved by another learner (whose session
 * ended without signing out) is deleted first: a shared device never shows one learner's saved
 * items to the next.
 */
export async function claimDevice(owner: Owner) {
  const previous = await readOwner();
  if (previous && previous.user !== owner.user) await caches.delete(SAVED_CACHE);
  if (previous?.user !== owner.user || previous.lng !== owner.lng) {
    await (await caches.open(META_CACHE)).put(OWNER_KEY, Response.json(owner));
  }
}
