import { LRUCache } from "lru-cache";

const IMAGE_TTL_MS = 600_000;
const IMAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** How long the browser keeps a page image too (`private, max-age`). */
export const PAGE_MAX_AGE_S = IMAGE_TTL_MS / 1000;

export type PageImage = Uint8Array<ArrayBuffer>;

/** Drawn pages by file, page, width and format: 10 minutes from their drawing, the least recently used out past 32 MiB. */
export const pageImages = new LRUCache<string, PageImage>({
  maxSize: IMAGE_CACHE_BYTES,
  sizeCalculation: (bytes) => bytes.byteLength,
  ttl: IMAGE_TTL_MS,
});

export const imageKey = (url: URL, number: number, width: number, format: string) => `${url.href}#${number}@${width}.${format}`;
