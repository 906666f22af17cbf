import { LRUCache } from "lru-cache";
import { getConfig } from "~/infra/config.server";
import { filesHostUrl } from "~/infra/files-host.server";
import { BodyTooLarge, readCapped } from "~/infra/upstream.server";
import { PdfError } from "./failure.server";
import type { PdfFile, PdfOutline } from "./worker.server";

const MAX_PDF_BYTES = 20 * 1024 * 1024;
/** The PDF header may follow some bytes of junk, within the first kilobyte. */
const HEADER_WINDOW = 1024;
const FILE_TTL_MS = 120_000;
const MAX_FILES = 4;
const FILE_CACHE_BYTES = 48 * 1024 * 1024;

/** The files host URL of training content at `path`; null for learner uploads (a folder `uploads/`), never drawn. */
export function trainingUrl(path: string): URL | null {
  const url = filesHostUrl(path);
  if (!url) return null;
  try {
    return /\/uploads\//i.test(decodeURIComponent(url.pathname)) ? null : url;
  } catch {
    return null;
  }
}

/** A path as the router hands a splat to a route: each segment decoded, a decoded `/` kept encoded. */
export function decodedSplat(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2F");
      } catch {
        return segment;
      }
    })
    .join("/");
}

const startsWithPdfHeader = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, HEADER_WINDOW)).includes("%PDF-", 0, "latin1");

/** The whole file from the files host, at most MAX_PDF_BYTES, within the legacy timeout. */
async function download(url: URL): Promise<Uint8Array> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), getConfig().LEGACY_TIMEOUT_MS);
  try {
    let response: Response;
    try {
      response = await fetch(url, { redirect: "error", signal: abort.signal, headers: { Accept: "application/pdf" } });
    } catch {
      throw new PdfError(abort.signal.aborted ? "timeout" : "unreachable");
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new PdfError(response.status === 404 ? "missing" : "unreachable");
    }
    if (Number(response.headers.get("Content-Length") ?? 0) > MAX_PDF_BYTES) {
      await response.body.cancel();
      throw new PdfError("tooLarge");
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await readCapped(response.body, MAX_PDF_BYTES));
    } catch (error) {
      if (error instanceof BodyTooLarge) throw new PdfError("tooLarge");
      throw new PdfError(abort.signal.aborted ? "timeout" : "unreachable");
    }
    if (!startsWithPdfHeader(bytes)) throw new PdfError("notPdf");
    return bytes;
  } finally {
    clearTimeout(timer);
  }
}

/** A downloaded file as the renderers get it, and the outlines of its page groups read so far (by first page). */
export type DownloadedFile = { file: Required<PdfFile>; outlines: Map<number, Promise<PdfOutline>> };

let downloads = 0;

/**
 * Downloaded files by URL, kept 2 minutes after they were last asked for. Requests for a file being
 * downloaded share that download; one that failed is not kept (the next request tries again). A
 * file pushed out while in use stays with the requests that hold it.
 */
const files = new LRUCache<string, DownloadedFile>({
  max: MAX_FILES,
  maxSize: FILE_CACHE_BYTES,
  sizeCalculation: ({ file }) => file.data.byteLength,
  ttl: FILE_TTL_MS,
  updateAgeOnGet: true,
  ttlAutopurge: true,
  // Pushed out while downloading, a file still goes to the requests that wait for it.
  ignoreFetchAbort: true,
  fetchMethod: async (href) => {
    const data = await download(new URL(href));
    // The key names this download in the renderers' caches: a file downloaded again is parsed again.
    return { file: { key: `file-${++downloads}`, data }, outlines: new Map() };
  },
});

/** The file at `url` (training content on the files host), downloaded once; a renderer gets it once per download. */
export const downloadedFile = (url: URL): Promise<DownloadedFile> => files.forceFetch(url.href);
