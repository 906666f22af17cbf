import { fileURLToPath } from "node:url";
import Piscina from "piscina";
import type { PdfDocument, PdfProblem } from "~/components/player/types";
import { PDF_PAGE_GROUP, type PdfPageFormat, type PdfPageWidth, pdfPagesPath } from "~/domain/media";
import { log } from "../../server/log";
import { getConfig } from "~/infra/config.server";
import { filesHostUrl } from "~/infra/files-host.server";
import type { PdfAnswer, PdfFile, PdfOutline, PdfTask } from "./pdf-worker.server";

/**
 * PDF pages drawn on the server (issue #7). DESIGN:
 *
 * - Why: pdf.js in the browser cost ~680 KB gzip of JavaScript on the PDF player, and the first
 *   page waited for all of it (LCP 6 s on a throttled phone); without JavaScript there was no
 *   document at all. Chrome on Android shows no PDF in a frame, so the browser's own viewer is no
 *   way out. Now the loader reads the PDF once (page count, each page's shape and text) and the
 *   player shows plain `<img>` elements, with or without JavaScript, and no pdf.js in the browser.
 * - How: pdf.js's legacy build in Node draws into a canvas of `@napi-rs/canvas` (Skia, prebuilt
 *   binaries from the npm registry), in worker threads (app/lib/pdf-worker.server.ts, bundled to
 *   build/bin/pdf-worker.js), never on the serving event loop or heap (issue #12: small crafted
 *   files froze or killed the server for everyone). This process downloads the file and shares it
 *   with the workers (a SharedArrayBuffer); a worker parses it, reads the outline or draws a page.
 *   Glyphs are paths from the file's fonts or pdf.js's standard fonts and CMaps (shipped in
 *   pdfjs-dist); text in a font the file lacks and pdf.js has no data for (CJK) is drawn in a
 *   system font (Debian's fonts-noto-cjk, docs/decisions/022-pdf-text-and-reading.md); eval is off.
 * - Pool (piscina, docs/decisions/010-pdf-worker-pool.md): two niced workers with a 128 MB heap
 *   each; a task has 15 s (504) and a request whose client left stops its task (unless another
 *   request waits for the same page): past either, the worker is terminated and a new one starts. A
 *   worker that dies at its heap limit is a refusal (422). What a heap limit cannot see (Skia's
 *   canvases, decoded streams) is capped before pdf.js spends it (app/lib/pdf-limits.server.ts):
 *   canvas pixels (2160 × 3072) and page shape, images (`maxImageSize`), inflated streams, JBIG2
 *   regions, operations per page; a file or page past them is refused (422).
 * - Addresses: `/pdf-pages/<width>/<path under /files/>/<page>.<webp|png>` — no query string,
 *   since app pages end the session on one (SSO hand-off). Widths are 360, 720, 1080, 1440 and
 *   2160 only (the last two for zoom), so the set of images a file can cost is small and
 *   cacheable. Learner uploads (a folder `uploads/`) are never drawn (404, the files host is not
 *   asked): only training content is.
 * - Bounds: the file is fetched from the files host as `/files/` proxies it (same host check), at
 *   most 20 MiB, within LEGACY_TIMEOUT_MS; pages are shown by groups of 60
 *   (`/<activity>/pages/<first>`, links between them, no query: spec §2 guards); two reads or
 *   renders run at once and 64 more may wait (then 503), at most 8 of them one learner's (then
 *   429): without JavaScript a browser ignores `loading="lazy"` (HTML spec), so one learner
 *   opening a 60-page group asks for its pages together, over the 6 connections a browser opens
 *   to a host.
 *   Downloaded files stay 2 minutes after their last use (at most 4, 48 MiB), each worker keeps 2
 *   parsed; images are kept 10 minutes in a 32 MiB LRU and in the browser (`private, max-age=600`).
 * - The player's loader waits for the read of a file's page group (within the bounds above); a file
 *   that cannot be read gives the player a problem instead of pages: locked with a password or
 *   damaged each have their message, anything else (missing, not a PDF, too large, busy, refused,
 *   or not training content on the files host) the "document failed" one, with the link to the
 *   file, whose opening starts the PDF timer; a page image that fails says so where it is.
 */

const MAX_PDF_BYTES = 20 * 1024 * 1024;
/** A task (reading a file's outline, drawing a page) past this is stopped: its worker is terminated. */
const TASK_DEADLINE_MS = 15_000;
const MAX_RUNNING = 2;
export const MAX_WAITING = 64;
/** Renders one learner may have running or waiting: a browser opens 6 connections to a host. */
export const MAX_PER_USER = 8;
/** A worker's JavaScript heap: pdf.js's objects (canvases and decoded streams are native, bounded by the caps). */
const WORKER_HEAP_MB = 128;
const WORKER_IDLE_MS = 60_000;
/** Workers run niced (Linux), so the serving thread gets the CPU first when they are busy. */
const WORKER_NICE = 10;
const FILE_TTL_MS = 120_000;
const MAX_FILES = 4;
const FILE_CACHE_BYTES = 48 * 1024 * 1024;
const IMAGE_TTL_MS = 600_000;
const IMAGE_CACHE_BYTES = 32 * 1024 * 1024;
export const PAGE_MAX_AGE_S = IMAGE_TTL_MS / 1000;
/** The PDF header may follow some bytes of junk, within the first kilobyte. */
const HEADER_WINDOW = 1024;

export type PdfFailure =
  | "missing"
  | "unreachable"
  | "timeout"
  | "tooLarge"
  | "notPdf"
  | "damaged"
  | "protected"
  | "noPage"
  | "busy"
  | "userBusy"
  | "tooComplex"
  | "gone";

/** What went wrong reading or drawing a PDF; the route answers its status. */
export class PdfError extends Error {
  constructor(readonly reason: PdfFailure) {
    super(`pdf: ${reason}`);
  }
}

export const FAILURE_STATUS: Record<PdfFailure, number> = {
  missing: 404,
  noPage: 404,
  tooLarge: 413,
  notPdf: 415,
  damaged: 415,
  protected: 422,
  tooComplex: 422,
  userBusy: 429,
  // nginx's "client closed request": nobody reads it, the logs do.
  gone: 499,
  unreachable: 502,
  busy: 503,
  timeout: 504,
};

// --- the worker pool ------------------------------------------------------------------------

/** The worker bundle, next to the server build; when the sources run (vitest) its global setup builds it there. */
const WORKER_FILE = fileURLToPath(
  new URL(import.meta.url.endsWith(".ts") ? "../../build/bin/pdf-worker.js" : "./bin/pdf-worker.js", import.meta.url),
);

/** Worker threads that run PdfTasks, each within `deadlineMs` and a heap limit; a task stopped takes its worker with it. */
export class PdfPool {
  readonly threads: Piscina<PdfTask, PdfAnswer<PdfOutline | Uint8Array>>;
  constructor(
    private readonly deadlineMs: number,
    maxThreads: number,
  ) {
    this.threads = new Piscina({
      filename: WORKER_FILE,
      minThreads: 0,
      maxThreads,
      idleTimeout: WORKER_IDLE_MS,
      niceIncrement: WORKER_NICE,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
  }

  /** The task's value; a refusal, the deadline, `signal` (the client left) or a dead worker as a PdfError. */
  async run<T extends PdfOutline | Uint8Array>(task: PdfTask, signal?: AbortSignal): Promise<T> {
    const deadline = AbortSignal.timeout(this.deadlineMs);
    let answer: PdfAnswer<PdfOutline | Uint8Array>;
    try {
      answer = await this.threads.run(task, { signal: signal ? AbortSignal.any([deadline, signal]) : deadline });
    } catch (error) {
      if (signal?.aborted) throw new PdfError("gone");
      if (deadline.aborted) throw new PdfError("timeout");
      // Past its heap limit the worker dies (ERR_WORKER_OUT_OF_MEMORY); piscina starts another.
      log.warn("pdf pages: worker died", { error: String(error) });
      throw new PdfError("tooComplex");
    }
    if (!answer.ok) throw new PdfError(answer.reason);
    return answer.value as T;
  }
}

let pool: PdfPool | undefined;
/** Started on the first PDF, so a process that shows none starts no worker. */
const workers = () => (pool ??= new PdfPool(TASK_DEADLINE_MS, MAX_RUNNING));

// --- bounded work ---------------------------------------------------------------------------

let running = 0;
const waiting: Array<() => void> = [];

/**
 * Runs `work` once one of the MAX_RUNNING slots is free; with MAX_WAITING already waiting,
 * refuses. A wait ends when `signal` aborts (the client left).
 */
async function withSlot<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  if (signal?.aborted) throw new PdfError("gone");
  if (running < MAX_RUNNING) running++;
  else if (waiting.length >= MAX_WAITING) throw new PdfError("busy");
  else {
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener("abort", leave);
        resolve();
      };
      const leave = () => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(new PdfError("gone"));
      };
      waiting.push(turn);
      signal?.addEventListener("abort", leave, { once: true });
    });
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

// --- the file -------------------------------------------------------------------------------

const startsWithPdfHeader = (bytes: Uint8Array) =>
  Buffer.from(bytes.subarray(0, HEADER_WINDOW)).includes("%PDF-", 0, "latin1");

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
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      const reader = response.body.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        size += next.value.byteLength;
        if (size > MAX_PDF_BYTES) {
          await reader.cancel();
          throw new PdfError("tooLarge");
        }
        chunks.push(next.value);
      }
    } catch (error) {
      if (error instanceof PdfError) throw error;
      throw new PdfError(abort.signal.aborted ? "timeout" : "unreachable");
    }
    const bytes = new Uint8Array(Buffer.concat(chunks, size));
    if (!startsWithPdfHeader(bytes)) throw new PdfError("notPdf");
    return bytes;
  } finally {
    clearTimeout(timer);
  }
}

// --- downloaded files, kept briefly ---------------------------------------------------------

let downloads = 0;

/** A downloaded file, shared with the workers (which keep it parsed) while it is kept. */
class CachedFile {
  bytes = 0;
  users = 0;
  lastUsed = Date.now();
  /** Each page group's outline, by its first page. */
  readonly outlines = new Map<number, Promise<PdfOutline>>();
  /** Names this download in the workers' caches: a file downloaded again is parsed again. */
  readonly key = `file-${++downloads}`;
  readonly data: Promise<SharedArrayBuffer>;
  constructor(url: URL) {
    this.data = download(url).then((bytes) => {
      this.bytes = bytes.byteLength;
      const shared = new SharedArrayBuffer(bytes.byteLength);
      new Uint8Array(shared).set(bytes);
      return shared;
    });
  }
}

const files = new Map<string, CachedFile>();

function drop(key: string, entry: CachedFile) {
  if (files.get(key) === entry) files.delete(key);
}

/** Drops idle files past their time, then the least recently used idle ones over the bounds. */
function sweep() {
  const now = Date.now();
  for (const [key, entry] of files) if (entry.users === 0 && now - entry.lastUsed > FILE_TTL_MS) drop(key, entry);
  const total = () => [...files.values()].reduce((sum, entry) => sum + entry.bytes, 0);
  while (files.size > MAX_FILES || total() > FILE_CACHE_BYTES) {
    const idle = [...files.entries()]
      .filter(([, entry]) => entry.users === 0)
      .sort(([, a], [, b]) => a.lastUsed - b.lastUsed)[0];
    if (!idle) return;
    drop(...idle);
  }
}

let sweepTimer: ReturnType<typeof setTimeout> | undefined;

/** One timer sweeps while files are kept, so an idle process lets them go. */
function scheduleSweep() {
  if (sweepTimer || files.size === 0) return;
  sweepTimer = setTimeout(() => {
    sweepTimer = undefined;
    sweep();
    scheduleSweep();
  }, FILE_TTL_MS + 1000);
  sweepTimer.unref();
}

async function withFile<T>(url: URL, work: (entry: CachedFile, file: PdfFile) => Promise<T>) {
  const key = url.href;
  let entry = files.get(key);
  if (!entry) {
    const created = new CachedFile(url);
    // A file that failed to download is not kept: the next request tries again.
    created.data.catch(() => drop(key, created));
    files.set(key, created);
    entry = created;
  }
  entry.users++;
  try {
    return await work(entry, { key: entry.key, data: await entry.data });
  } finally {
    entry.users--;
    entry.lastUsed = Date.now();
    sweep();
    scheduleSweep();
  }
}

/** The files host URL of training content at `path`; null for learner uploads (a folder `uploads/`), never drawn. */
function trainingUrl(path: string): URL | null {
  const url = filesHostUrl(path);
  if (!url) return null;
  try {
    return /\/uploads\//i.test(decodeURIComponent(url.pathname)) ? null : url;
  } catch {
    return null;
  }
}

/** A path as the router hands a splat to a route: each segment decoded, a decoded `/` kept encoded. */
function decodedSplat(path: string): string {
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

/** What the player says of a file it cannot show: a password and damage have their own message. */
const problemOf = (reason: PdfFailure | "error"): PdfProblem =>
  reason === "protected" || reason === "damaged" ? reason : "unreadable";

/**
 * The player's view of the PDF at `src` (a `/files/` path): its page count, the shape and text of
 * each page of the group from page `first`. A problem when the file is not proxied training
 * content or cannot be read (or has no such page); the player then says so. `signal` (the
 * request's) ends a wait for a slot.
 */
export async function readPdf(src: string, signal?: AbortSignal, first = 1): Promise<PdfDocument | { problem: PdfProblem }> {
  const path = pdfPagesPath(src);
  const url = path === null ? null : trainingUrl(decodedSplat(path));
  if (path === null || !url) return { problem: "unreadable" };
  try {
    const outline = await withSlot(signal, () =>
      withFile(url, (entry, file) => {
        let read = entry.outlines.get(first);
        if (!read) {
          const started = workers().run<PdfOutline>({ kind: "outline", file, first, count: PDF_PAGE_GROUP });
          started.catch(() => entry.outlines.get(first) === started && entry.outlines.delete(first));
          entry.outlines.set(first, started);
          read = started;
        }
        return read;
      }),
    );
    return { path, ...outline };
  } catch (error) {
    const reason = reasonOf(error);
    log.warn("pdf pages: document unreadable", { path: url.pathname, reason });
    return { problem: problemOf(reason) };
  }
}

// --- page images, kept in an LRU ------------------------------------------------------------

type Image = Uint8Array<ArrayBuffer>;

const images = new Map<string, { bytes: Image; expires: number }>();
let imageBytes = 0;

function cachedImage(key: string): Image | undefined {
  const hit = images.get(key);
  if (!hit) return undefined;
  images.delete(key);
  if (hit.expires < Date.now()) {
    imageBytes -= hit.bytes.byteLength;
    return undefined;
  }
  images.set(key, hit);
  return hit.bytes;
}

function keepImage(key: string, bytes: Image) {
  images.set(key, { bytes, expires: Date.now() + IMAGE_TTL_MS });
  imageBytes += bytes.byteLength;
  for (const [oldest, entry] of images) {
    if (imageBytes <= IMAGE_CACHE_BYTES) break;
    images.delete(oldest);
    imageBytes -= entry.bytes.byteLength;
  }
}

/** A page being drawn, shared by the requests that asked for it; stopped when the last one leaves. */
type Drawing = { image: Promise<Image>; stop: AbortController; clients: number };
const drawing = new Map<string, Drawing>();
const perUser = new Map<string, number>();

function startDrawing(key: string, url: URL, number: number, width: PdfPageWidth, format: PdfPageFormat): Drawing {
  const stop = new AbortController();
  const task = { kind: "page", number, width, format } as const;
  const image = withSlot(stop.signal, () =>
    withFile(url, async (_, file) => new Uint8Array(await workers().run<Uint8Array>({ ...task, file }, stop.signal))),
  );
  const started = { image, stop, clients: 0 };
  drawing.set(key, started);
  image.then(
    (bytes) => keepImage(key, bytes),
    () => undefined,
  );
  void image.finally(() => drawing.get(key) === started && drawing.delete(key)).catch(() => undefined);
  return started;
}

/** The drawing's image for one client; when `signal` aborts and no client is left, the drawing stops. */
function imageFor(pending: Drawing, key: string, signal: AbortSignal | undefined): Promise<Image> {
  pending.clients++;
  return new Promise<Image>((resolve, reject) => {
    const leave = () => {
      if (--pending.clients === 0) {
        if (drawing.get(key) === pending) drawing.delete(key);
        pending.stop.abort();
      }
      reject(new PdfError("gone"));
    };
    if (signal?.aborted) return leave();
    signal?.addEventListener("abort", leave, { once: true });
    pending.image.then(resolve, reject).finally(() => signal?.removeEventListener("abort", leave));
  });
}

/**
 * One page of the PDF at `<files host>/<path>` drawn `width` pixels wide (narrower for a tall
 * page), as WebP or PNG bytes, for `user` (at most MAX_PER_USER at once) while `signal` holds.
 */
export async function pageImage(
  path: string,
  number: number,
  width: PdfPageWidth,
  format: PdfPageFormat,
  { user, signal }: { user: string; signal?: AbortSignal },
): Promise<Image> {
  const url = trainingUrl(path);
  if (!url) throw new PdfError("missing");
  const key = `${url.href}#${number}@${width}.${format}`;
  const cached = cachedImage(key);
  if (cached) return cached;
  const count = perUser.get(user) ?? 0;
  if (count >= MAX_PER_USER) throw new PdfError("userBusy");
  perUser.set(user, count + 1);
  try {
    return await imageFor(drawing.get(key) ?? startDrawing(key, url, number, width, format), key, signal);
  } finally {
    const left = (perUser.get(user) ?? 1) - 1;
    if (left === 0) perUser.delete(user);
    else perUser.set(user, left);
  }
}

export const reasonOf = (error: unknown): PdfFailure | "error" => (error instanceof PdfError ? error.reason : "error");
