import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { orElse, redis } from "~/infra/redis.server";

const IMAGE_TTL_MS = 600_000;
const IMAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** A page image larger than this stays in this process: one huge page must not churn the shared store. */
const SHARED_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
/** How long the browser keeps a page image too (`private, max-age`). */
export const PAGE_MAX_AGE_S = IMAGE_TTL_MS / 1000;

export type PageImage = Uint8Array<ArrayBuffer>;

/** Drawn pages by file, page, width and format: 10 minutes from their drawing, the least recently used out past 32 MiB. */
const pageImages = new LRUCache<string, PageImage>({
  maxSize: IMAGE_CACHE_BYTES,
  sizeCalculation: (bytes) => bytes.byteLength,
  ttl: IMAGE_TTL_MS,
});

export const imageKey = (url: URL, number: number, width: number, format: string) => `${url.href}#${number}@${width}.${format}`;

/** The file's URL may be long and carry anything: Redis gets its digest. */
const sharedKey = (key: string) => `pdf-page:${createHash("sha256").update(key).digest("base64url")}`;

/**
 * A drawn page from this process's LRU, else from Redis (another replica drew it; it then stays
 * here too), else null. Redis evicts by its own maxmemory policy and the same TTL.
 */
export async function storedPageImage(key: string): Promise<PageImage | null> {
  const local = pageImages.get(key);
  if (local) return local;
  const shared = redis();
  if (!shared) return null;
  const bytes = await orElse(() => shared.getBuffer(sharedKey(key)), null);
  if (!bytes) return null;
  const image = new Uint8Array(bytes);
  pageImages.set(key, image);
  return image;
}

export async function storePageImage(key: string, image: PageImage): Promise<void> {
  pageImages.set(key, image);
  const shared = redis();
  if (!shared || image.byteLength > SHARED_IMAGE_MAX_BYTES) return;
  await orElse(
    () => shared.set(sharedKey(key), Buffer.from(image.buffer, image.byteOffset, image.byteLength), "PX", IMAGE_TTL_MS),
    null,
  );
}
