import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type Canvas, createCanvas, DOMMatrix, Path2D } from "@napi-rs/canvas";
import { LRUCache } from "lru-cache";
import type { PDFDocumentProxy } from "pdfjs-dist";
import type { PdfPageFormat, PdfPageWidth } from "../../../domain/media";
import type { PdfDocument } from "../../types";
import type { PdfFailure } from "./failure.server";
import { canvasSize, hasBomb, MAX_IMAGE_PIXELS, MAX_OPERATIONS, MAX_PAGE_PIXELS, MAX_PAGE_TEXT } from "./limits.server";

/**
 * The PDF renderer's worker thread (the piscina pool of render.server.ts): pdf.js parses and draws
 * here, away from the serving event loop, under a heap limit, and the pool terminates it at a
 * task's deadline. Built to build/bin/pdf-worker.js by scripts/build-server.mjs.
 */

/** A file the serving process downloaded, shared with the workers without a copy; `key` names this download. */
export type PdfFile = { key: string; data: SharedArrayBuffer };
export type PdfOutline = Omit<PdfDocument, "path">;
/** An outline covers `count` pages from page `first`; a page may be any of the file's. */
export type PdfTask =
  | { kind: "outline"; file: PdfFile; first: number; count: number }
  | { kind: "page"; file: PdfFile; number: number; width: PdfPageWidth; format: PdfPageFormat };
/** What a worker answers: errors do not cross threads whole, so a refusal is a value. */
export type PdfAnswer<T> = { ok: true; value: T } | { ok: false; reason: PdfFailure };

/** Lossy WebP at this quality keeps small text sharp at a third of the PNG's bytes. */
const WEBP_QUALITY = 85;
/** Parsed documents a worker keeps, and for how long after their last use. */
const MAX_DOCUMENTS = 2;
const DOCUMENT_TTL_MS = 120_000;

class Refused extends Error {
  constructor(readonly reason: PdfFailure) {
    super(`pdf: ${reason}`);
  }
}

// --- pdf.js in Node -------------------------------------------------------------------------

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
const globals = globalThis as Record<string, unknown>;
// pdf.js takes these from the global object when it has no node-canvas.
globals.DOMMatrix ??= DOMMatrix;
globals.Path2D ??= Path2D;
const pdfjs = import("pdfjs-dist/legacy/build/pdf.mjs");

type CanvasAndContext = { canvas: Canvas | null; context: unknown };

/** The canvases pdf.js makes for itself (patterns, masks, groups), from Skia too, within the image cap. */
const canvasFactory = {
  create(width: number, height: number): CanvasAndContext {
    if (width * height > MAX_IMAGE_PIXELS) throw new Refused("tooComplex");
    const canvas = createCanvas(width, height);
    return { canvas, context: canvas.getContext("2d") };
  },
  reset(target: CanvasAndContext, width: number, height: number) {
    if (!target.canvas) throw new Error("no canvas");
    if (width * height > MAX_IMAGE_PIXELS) throw new Refused("tooComplex");
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

async function parse(data: Uint8Array): Promise<PDFDocumentProxy> {
  if (hasBomb(data)) throw new Refused("tooComplex");
  const { getDocument, VerbosityLevel } = await pdfjs;
  try {
    return await getDocument({
      data,
      isEvalSupported: false,
      maxImageSize: MAX_IMAGE_PIXELS,
      disableFontFace: true,
      useSystemFonts: false,
      standardFontDataUrl: join(pdfjsRoot, "standard_fonts/"),
      cMapUrl: join(pdfjsRoot, "cmaps/"),
      cMapPacked: true,
      canvasFactory,
      verbosity: VerbosityLevel.ERRORS,
    }).promise;
  } catch (error) {
    // The file starts like a PDF (the download checked): either locked with a password or damaged.
    throw new Refused(error instanceof Error && error.name === "PasswordException" ? "protected" : "damaged");
  }
}

// --- parsed documents, kept briefly ---------------------------------------------------------

/** Parsed documents by download; a refusal is kept too: the same bytes give the same answer. */
const documents = new LRUCache<string, Promise<PDFDocumentProxy>>({
  max: MAX_DOCUMENTS,
  ttl: DOCUMENT_TTL_MS,
  updateAgeOnGet: true,
  ttlAutopurge: true,
  dispose: (document) =>
    document.then(
      (parsed) => void parsed.destroy(),
      () => undefined,
    ),
});

function documentOf(file: PdfFile): Promise<PDFDocumentProxy> {
  let document = documents.get(file.key);
  if (!document) {
    document = parse(new Uint8Array(file.data).slice());
    documents.set(file.key, document);
  }
  return document;
}

// --- the work -------------------------------------------------------------------------------

/**
 * A page's text in reading order, a line per line of the page: pdf.js gives runs in the order the
 * page draws them, each in logical order (right-to-left runs already reordered from the glyphs'
 * visual order), with `hasEOL` where a line ends.
 */
const textOf = (items: Array<object>) =>
  items
    .map(
      (item) => ("str" in item && typeof item.str === "string" ? item.str : "") + ("hasEOL" in item && item.hasEOL ? "\n" : ""),
    )
    .join("")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");

async function outlineOf(document: PDFDocumentProxy, first: number, count: number): Promise<PdfOutline> {
  if (first > document.numPages) throw new Refused("noPage");
  const pages: PdfOutline["pages"] = [];
  for (let number = first; number <= Math.min(document.numPages, first + count - 1); number++) {
    const page = await document.getPage(number);
    const { width, height } = page.getViewport({ scale: 1 });
    const { items } = await page.getTextContent();
    page.cleanup();
    pages.push({ width: Math.round(width), height: Math.round(height), text: textOf(items).slice(0, MAX_PAGE_TEXT) });
  }
  return { pageCount: document.numPages, first, pages };
}

/** What the main-thread side of pdf.js keeps of a loaded font (its `commonObjs`). */
type LoadedFont = { missingFile?: boolean; isType3Font?: boolean; disableFontFace?: boolean };

/**
 * Fonts the file names but does not embed, and that are not among pdf.js's standard fonts (CJK
 * CID fonts above all), have no glyph outlines: pdf.js would draw nothing for them. Their text is
 * drawn as text instead, in a system font (Skia falls back to one that has the characters: Debian's
 * fonts-noto-cjk for Chinese, Japanese and Korean), as the browser's pdf.js does. Called once the
 * page's operator list (and so its fonts) is loaded.
 */
function drawMissingFontsAsText(objects: Iterable<unknown[]>) {
  for (const [, object] of objects) {
    const font = object as LoadedFont | null;
    if (font?.missingFile && !font.isType3Font) font.disableFontFace = false;
  }
}

async function draw(document: PDFDocumentProxy, task: Extract<PdfTask, { kind: "page" }>): Promise<Uint8Array> {
  if (task.number > document.numPages) throw new Refused("noPage");
  const page = await document.getPage(task.number);
  try {
    const shape = page.getViewport({ scale: 1 });
    const size = canvasSize(shape.width, shape.height, task.width);
    if (!size || size.width * size.height > MAX_PAGE_PIXELS) throw new Refused("tooComplex");
    // Counted before drawing, which builds the list again: cheap beside the drawing for a normal page.
    const { fnArray } = await page.getOperatorList();
    if (fnArray.length > MAX_OPERATIONS) throw new Refused("tooComplex");
    drawMissingFontsAsText(page.commonObjs);
    const viewport = page.getViewport({ scale: size.width / shape.width });
    const canvas = createCanvas(size.width, size.height);
    const context = canvas.getContext("2d");
    // Pages are paper: what the file leaves transparent is white.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    const encoded = task.format === "png" ? await canvas.encode("png") : await canvas.encode("webp", WEBP_QUALITY);
    return new Uint8Array(encoded);
  } finally {
    page.cleanup();
  }
}

/** Piscina's entry: a task in, an answer out. */
export default async function run(task: PdfTask): Promise<PdfAnswer<PdfOutline | Uint8Array>> {
  try {
    const document = await documentOf(task.file);
    const value = task.kind === "outline" ? await outlineOf(document, task.first, task.count) : await draw(document, task);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    return { ok: false, reason: "damaged" };
  }
}
