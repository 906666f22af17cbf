import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type Canvas, createCanvas, DOMMatrix, Path2D } from "@napi-rs/canvas";
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from "pdfjs-dist";
import type { PdfDocument } from "~/components/player/types";
import { type PdfPageFormat, type PdfPageWidth, pdfPagesPath } from "~/domain/media";
import { log } from "../../server/log";
import { getConfig } from "./config.server";
import { filesHostUrl } from "./files-host.server";

/**
 * PDF pages drawn on the server (issue #7). DESIGN:
 *
 * - Why: pdf.js in the browser cost ~680 KB gzip of JavaScript on the PDF player, and the first
 *   page waited for all of it (LCP 6 s on a throttled phone); without JavaScript there was no
 *   document at all. Chrome on Android shows no PDF in a frame, so the browser's own viewer is no
 *   way out. Now the loader reads the PDF once (page count, each page's shape and text) and the
 *   player shows plain `<img>` elements, with or without JavaScript, and no pdf.js in the browser.
 * - How: pdf.js's legacy build in Node (its "worker" runs in this process, a fake worker) draws
 *   into a canvas of `@napi-rs/canvas` (Skia, prebuilt binaries from the npm registry; node-canvas,
 *   which pdf.js 4 would look for, downloads its binaries from elsewhere). pdf.js takes DOMMatrix
 *   and Path2D from the global object when it has no node-canvas, so this module puts Skia's there
 *   before pdf.js loads. Glyphs are drawn as paths from the fonts in the file, or from pdf.js's
 *   standard fonts and CMaps in node_modules/pdfjs-dist; eval is off.
 * - Addresses: `/pdf-pages/<width>/<path under /files/>/<page>.<webp|png>` — no query string, since
 *   app pages end the session on one (SSO hand-off). Widths are 360, 720 and 1080 only, so the
 *   set of images a file can cost is small and cacheable.
 * - Bounds: the file is fetched from the files host as `/files/` proxies it (same host check), at
 *   most 20 MiB, within LEGACY_TIMEOUT_MS; at most 60 pages are shown; two reads or renders run
 *   at once and 64 more may wait (then 503): without JavaScript a browser ignores `loading="lazy"`
 *   (HTML spec), so one learner opening a 60-page file asks for its 60 pages together. A render
 *   that takes over 15 s is cancelled (504).
 *   Parsed documents stay 2 minutes after their last use (at most 4, 48 MiB of files); images are
 *   kept 10 minutes in a 32 MiB LRU and in the browser (`Cache-Control: private, max-age=600`).
 * - The player's loader waits for the first read of a file (within the bounds above); a file that
 *   cannot be read (missing, not a PDF, too large, busy, or not on the files host) gives the player
 *   no pages, and it shows its "document failed" message with the link to the file.
 * - Limits: pdf.js runs on this process's event loop, which it yields between its steps; a page
 *   with one huge image can hold the loop for its decode. A worker thread pool would isolate that
 *   (and could be killed on timeout) at the cost of a second entry point in the server build.
 */

const MAX_PDF_BYTES = 20 * 1024 * 1024;
export const MAX_SHOWN_PAGES = 60;
const RENDER_TIMEOUT_MS = 15_000;
const MAX_RUNNING = 2;
export const MAX_WAITING = 64;
const DOCUMENT_TTL_MS = 120_000;
const MAX_DOCUMENTS = 4;
const DOCUMENT_CACHE_BYTES = 48 * 1024 * 1024;
const IMAGE_TTL_MS = 600_000;
const IMAGE_CACHE_BYTES = 32 * 1024 * 1024;
export const PAGE_MAX_AGE_S = IMAGE_TTL_MS / 1000;
/** Lossy WebP at this quality keeps small text sharp at a third of the PNG's bytes. */
const WEBP_QUALITY = 85;
/** The PDF header may follow some bytes of junk, within the first kilobyte. */
const HEADER_WINDOW = 1024;

export type PdfFailure = "missing" | "unreachable" | "timeout" | "tooLarge" | "notPdf" | "noPage" | "busy";

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
  unreachable: 502,
  busy: 503,
  timeout: 504,
};

// --- pdf.js in Node -------------------------------------------------------------------------

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

let pdfjs: Promise<typeof import("pdfjs-dist/legacy/build/pdf.mjs")> | undefined;

function loadPdfjs() {
  const globals = globalThis as Record<string, unknown>;
  globals.DOMMatrix ??= DOMMatrix;
  globals.Path2D ??= Path2D;
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjs;
}

type CanvasAndContext = { canvas: Canvas | null; context: unknown };

/** The canvases pdf.js makes for itself (patterns, masks, groups), from Skia too. */
const canvasFactory = {
  create(width: number, height: number): CanvasAndContext {
    const canvas = createCanvas(width, height);
    return { canvas, context: canvas.getContext("2d") };
  },
  reset(target: CanvasAndContext, width: number, height: number) {
    if (!target.canvas) throw new Error("no canvas");
    target.canvas.width = width;
    target.canvas.height = height;
  },
  destroy(target: CanvasAndContext) {
    if (target.canvas) {
      target.canvas.width = 0;
      target.canvas.height = 0;
    }
    target.canvas = null;
    target.context = null;
  },
};

// --- bounded work ---------------------------------------------------------------------------

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `work` once one of the MAX_RUNNING slots is free; with MAX_WAITING already waiting, refuses. */
async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_RUNNING) running++;
  else if (waiting.length >= MAX_WAITING) throw new PdfError("busy");
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** `work`'s result, or a timeout error after `ms` (then `onTimeout` stops what it started). */
async function withDeadline<T>(ms: number, work: Promise<T>, onTimeout: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new PdfError("timeout"));
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
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

async function parse(data: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocument, VerbosityLevel } = await loadPdfjs();
  const task = getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: join(pdfjsRoot, "standard_fonts/"),
    cMapUrl: join(pdfjsRoot, "cmaps/"),
    cMapPacked: true,
    canvasFactory,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    return await withDeadline(RENDER_TIMEOUT_MS, task.promise, () => void task.destroy());
  } catch (error) {
    if (error instanceof PdfError) throw error;
    throw new PdfError("notPdf");
  }
}

// --- parsed documents, kept briefly ---------------------------------------------------------

/** A parsed file, shared by the requests that need it while it is kept. */
class CachedDocument {
  bytes = 0;
  users = 0;
  lastUsed = Date.now();
  outline: Promise<Omit<PdfDocument, "path">> | undefined;
  readonly document: Promise<PDFDocumentProxy>;
  constructor(url: URL) {
    this.document = download(url).then((data) => {
      this.bytes = data.byteLength;
      return parse(data);
    });
  }
}

const documents = new Map<string, CachedDocument>();

function drop(key: string, entry: CachedDocument) {
  if (documents.get(key) === entry) documents.delete(key);
  entry.document.then(
    (document) => void document.destroy(),
    () => undefined,
  );
}

/** Drops idle documents past their time, then the least recently used idle ones over the bounds. */
function sweep() {
  const now = Date.now();
  for (const [key, entry] of documents) if (entry.users === 0 && now - entry.lastUsed > DOCUMENT_TTL_MS) drop(key, entry);
  const total = () => [...documents.values()].reduce((sum, entry) => sum + entry.bytes, 0);
  while (documents.size > MAX_DOCUMENTS || total() > DOCUMENT_CACHE_BYTES) {
    const idle = [...documents.entries()]
      .filter(([, entry]) => entry.users === 0)
      .sort(([, a], [, b]) => a.lastUsed - b.lastUsed)[0];
    if (!idle) return;
    drop(...idle);
  }
}

let sweepTimer: ReturnType<typeof setTimeout> | undefined;

/** One timer sweeps while documents are kept, so an idle process lets them go. */
function scheduleSweep() {
  if (sweepTimer || documents.size === 0) return;
  sweepTimer = setTimeout(() => {
    sweepTimer = undefined;
    sweep();
    scheduleSweep();
  }, DOCUMENT_TTL_MS + 1000);
  sweepTimer.unref();
}

async function withDocument<T>(url: URL, work: (entry: CachedDocument, document: PDFDocumentProxy) => Promise<T>) {
  const key = url.href;
  let entry = documents.get(key);
  if (!entry) {
    const created = new CachedDocument(url);
    // A file that failed is not kept: the next request tries again.
    created.document.catch(() => drop(key, created));
    documents.set(key, created);
    entry = created;
  }
  entry.users++;
  try {
    return await work(entry, await entry.document);
  } finally {
    entry.users--;
    entry.lastUsed = Date.now();
    sweep();
    scheduleSweep();
  }
}

const textOf = (items: Array<object>) =>
  items
    .map((item) => ("str" in item && typeof item.str === "string" ? item.str : "") + ("hasEOL" in item && item.hasEOL ? " " : ""))
    .join("")
    .replace(/\s+/g, " ")
    .trim();

async function outlineOf(document: PDFDocumentProxy): Promise<Omit<PdfDocument, "path">> {
  const pages: PdfDocument["pages"] = [];
  for (let number = 1; number <= Math.min(document.numPages, MAX_SHOWN_PAGES); number++) {
    const page = await document.getPage(number);
    const { width, height } = page.getViewport({ scale: 1 });
    const { items } = await page.getTextContent();
    page.cleanup();
    pages.push({ width: Math.round(width), height: Math.round(height), text: textOf(items) });
  }
  return { pageCount: document.numPages, pages };
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

/**
 * The player's view of the PDF at `src` (a `/files/` path): its page count, each shown page's
 * shape and text. Null when the file is not proxied or cannot be read; the player then says so.
 */
export async function readPdf(src: string): Promise<PdfDocument | null> {
  const path = pdfPagesPath(src);
  const url = path === null ? null : filesHostUrl(decodedSplat(path));
  if (path === null || !url) return null;
  try {
    const outline = await withSlot(() =>
      withDocument(url, (entry, document) => {
        if (!entry.outline) {
          const read = withDeadline(RENDER_TIMEOUT_MS, outlineOf(document), () => undefined);
          read.catch(() => entry.outline === read && (entry.outline = undefined));
          entry.outline = read;
        }
        return entry.outline;
      }),
    );
    return { path, ...outline };
  } catch (error) {
    log.warn("pdf pages: document unreadable", { path: url.pathname, reason: reasonOf(error) });
    return null;
  }
}

// --- page images, kept in an LRU ------------------------------------------------------------

type Image = Uint8Array<ArrayBuffer>;

const images = new Map<string, { bytes: Image; expires: number }>();
let imageBytes = 0;
const drawing = new Map<string, Promise<Image>>();

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

async function draw(document: PDFDocumentProxy, number: number, width: PdfPageWidth, format: PdfPageFormat): Promise<Image> {
  if (!Number.isInteger(number) || number < 1 || number > Math.min(document.numPages, MAX_SHOWN_PAGES)) {
    throw new PdfError("noPage");
  }
  let page: PDFPageProxy | undefined;
  let task: RenderTask | undefined;
  const work = (async () => {
    page = await document.getPage(number);
    const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
    const canvas = createCanvas(width, Math.max(1, Math.round(viewport.height)));
    const context = canvas.getContext("2d");
    // Pages are paper: what the file leaves transparent is white.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    task = page.render({ canvasContext: context as unknown as CanvasRenderingContext2D, viewport });
    await task.promise;
    const encoded = format === "png" ? await canvas.encode("png") : await canvas.encode("webp", WEBP_QUALITY);
    return new Uint8Array(encoded);
  })();
  try {
    return await withDeadline(RENDER_TIMEOUT_MS, work, () => task?.cancel());
  } finally {
    page?.cleanup();
  }
}

/** One page of the PDF at `<files host>/<path>` drawn `width` pixels wide, as WebP or PNG bytes. */
export async function pageImage(path: string, number: number, width: PdfPageWidth, format: PdfPageFormat): Promise<Image> {
  const url = filesHostUrl(path);
  if (!url) throw new PdfError("missing");
  const key = `${url.href}#${number}@${width}.${format}`;
  const cached = cachedImage(key);
  if (cached) return cached;
  let pending = drawing.get(key);
  if (!pending) {
    pending = withSlot(() => withDocument(url, (_, document) => draw(document, number, width, format)));
    drawing.set(key, pending);
    pending.then(
      (bytes) => keepImage(key, bytes),
      () => undefined,
    );
    void pending.finally(() => drawing.delete(key)).catch(() => undefined);
  }
  return pending;
}

export const reasonOf = (error: unknown): PdfFailure | "error" => (error instanceof PdfError ? error.reason : "error");
