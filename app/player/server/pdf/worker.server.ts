import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type Canvas, createCanvas, DOMMatrix, Path2D } from "@napi-rs/canvas";
import { LRUCache } from "lru-cache";
import type { PDFDocumentProxy } from "pdfjs-dist";
// pdf.js's worker side, run in this thread (its "fake worker"): importing it sets
// globalThis.pdfjsWorker, which pdf.js's API then uses. The bundle exports the classes the render
// budget hooks (scripts/build-server.mjs).
import * as pdfjsWorker from "pdfjs-dist/legacy/build/pdf.worker.mjs";
import type { PdfPageFormat, PdfPageWidth } from "../../../domain/media";
import type { PdfDocument } from "../../types";
import { type BudgetLimit, installBudget, type PdfjsInternals, RenderBudget } from "./budget.server";
import type { PdfFailure } from "./failure.server";
import {
  canvasSize,
  DOCUMENT_TTL_MS,
  hasBomb,
  MAX_DOCUMENTS,
  MAX_IMAGE_PIXELS,
  MAX_PAGE_PIXELS,
  MAX_PAGE_TEXT,
} from "./limits.server";

/**
 * A PDF renderer: a process of the pool in pool.server.ts, started under a memory cap (prlimit)
 * and killed at a task's deadline. pdf.js parses and draws here, one task at a time, each step
 * within the render budget (budget.server.ts). Built to build/bin/pdf-worker.js by
 * scripts/build-server.mjs; the pool starts it with PDF_RENDERER=1 and an IPC channel.
 */

/**
 * A file the serving process downloaded; `key` names this download. Its bytes come with a task
 * only when this renderer may not have the file parsed (the pool keeps track).
 */
export type PdfFile = { key: string; data?: Uint8Array };
export type PdfOutline = Omit<PdfDocument, "path">;
/** An outline covers `count` pages from page `first`; a page may be any of the file's. */
export type PdfTask =
  | { kind: "outline"; file: PdfFile; first: number; count: number }
  | { kind: "page"; file: PdfFile; number: number; width: PdfPageWidth; format: PdfPageFormat };
/** What a renderer answers: errors do not cross processes whole, so a refusal is a value. */
export type PdfAnswer<T> = { ok: true; value: T } | { ok: false; reason: PdfFailure; limit?: BudgetLimit };
/** What a renderer answers a task, or that it needs the file's bytes sent again. */
export type RendererAnswer = PdfAnswer<PdfOutline | Uint8Array> | { ok: false; needsFile: true };
/** Over the IPC channel: tasks in, answers out (with the renderer's resident memory after each). */
export type RendererRequest = { id: number; task: PdfTask };
export type RendererMessage = { type: "ready" } | { type: "answer"; id: number; answer: RendererAnswer; rss: number };

/** Lossy WebP at this quality keeps small text sharp at a third of the PNG's bytes. */
const WEBP_QUALITY = 85;

class Refused extends Error {
  constructor(readonly reason: PdfFailure) {
    super(`pdf: ${reason}`);
  }
}

/** A step past the render budget: refused like any page too complex to draw. */
class OverBudget extends Refused {
  constructor(readonly limit: BudgetLimit) {
    super("tooComplex");
  }
}

/** A task without the file's bytes for a file this renderer no longer has. */
class NeedsFile extends Error {}

// --- pdf.js in Node -------------------------------------------------------------------------

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
const globals = globalThis as Record<string, unknown>;
// pdf.js takes these from the global object when it has no node-canvas.
globals.DOMMatrix ??= DOMMatrix;
globals.Path2D ??= Path2D;
const pdfjs = import("pdfjs-dist/legacy/build/pdf.mjs");

// --- the render budget ----------------------------------------------------------------------

/** The budget of the step being worked on; null between steps. One task at a time runs here. */
let budget: RenderBudget | null = null;
const budgetReady = pdfjs.then(({ OPS }) => installBudget(pdfjsWorker as unknown as PdfjsInternals, OPS, () => budget));

/**
 * pdf.js reports what it leaves out (an image it could not decode, a stream it could not read) as
 * a warning on the console, allocations that failed under the memory cap included: a render that
 * lost a part so is refused rather than drawn with holes. Nothing else of pdf.js's console is kept.
 */
const OUT_OF_MEMORY = /allocation failed|invalid (typed )?array length|out of memory/i;
console.log = (...args: unknown[]) => {
  if (OUT_OF_MEMORY.test(args.map(String).join(" "))) budget?.outOfMemory();
};

/** `work` within a budget of its own: past it, refused (whether pdf.js gave up with an error or went on). */
async function withinBudget<T>(work: () => Promise<T>): Promise<T> {
  const spending = new RenderBudget();
  budget = spending;
  try {
    const value = await work();
    if (spending.exceeded) throw new OverBudget(spending.exceeded);
    return value;
  } catch (error) {
    if (spending.exceeded) throw new OverBudget(spending.exceeded);
    throw error;
  } finally {
    if (budget === spending) budget = null;
  }
}

type CanvasAndContext = { canvas: Canvas | null; context: unknown };

/**
 * Whether Skia really allocated the canvas's pixels: past the memory cap it makes a canvas that
 * silently draws nothing. One pixel drawn and read back (then cleared); a canvas that fails is
 * refused, as a render that would have holes.
 */
function checkAllocated(canvas: Canvas) {
  if (canvas.width === 0 || canvas.height === 0) return;
  const context = canvas.getContext("2d");
  context.save();
  context.fillStyle = "#010203";
  context.fillRect(0, 0, 1, 1);
  const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
  context.clearRect(0, 0, 1, 1);
  context.restore();
  if (red === 1 && green === 2 && blue === 3) return;
  budget?.outOfMemory();
  throw new Refused("tooComplex");
}

/** A canvas of Skia whose pixels are there (checkAllocated). */
function allocatedCanvas(width: number, height: number): Canvas {
  const canvas = createCanvas(width, height);
  checkAllocated(canvas);
  return canvas;
}

/** The canvases pdf.js makes for itself (patterns, masks, groups, scaled images), from Skia too, within the image cap. */
const canvasFactory = {
  create(width: number, height: number): CanvasAndContext {
    if (width * height > MAX_IMAGE_PIXELS) throw new Refused("tooComplex");
    const canvas = allocatedCanvas(width, height);
    return { canvas, context: canvas.getContext("2d") };
  },
  reset(target: CanvasAndContext, width: number, height: number) {
    if (!target.canvas) throw new Error("no canvas");
    if (width * height > MAX_IMAGE_PIXELS) throw new Refused("tooComplex");
    target.canvas.width = width;
    target.canvas.height = height;
    checkAllocated(target.canvas);
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
  await budgetReady;
  try {
    return await withinBudget(
      () =>
        getDocument({
          data,
          isEvalSupported: false,
          maxImageSize: MAX_IMAGE_PIXELS,
          disableFontFace: true,
          useSystemFonts: false,
          standardFontDataUrl: join(pdfjsRoot, "standard_fonts/"),
          cMapUrl: join(pdfjsRoot, "cmaps/"),
          cMapPacked: true,
          canvasFactory,
          verbosity: VerbosityLevel.WARNINGS,
        }).promise,
    );
  } catch (error) {
    if (error instanceof Refused) throw error;
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
    if (!file.data) throw new NeedsFile();
    document = parse(file.data);
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
    try {
      const { width, height } = page.getViewport({ scale: 1 });
      const { items } = await withinBudget(() => page.getTextContent());
      pages.push({ width: Math.round(width), height: Math.round(height), text: textOf(items).slice(0, MAX_PAGE_TEXT) });
    } finally {
      page.cleanup();
    }
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
    // The operator list first, within the budget: a bomb is refused before anything is drawn, and
    // the page's fonts are loaded. Drawing builds the list again (cheap beside the drawing for a
    // normal page), within a budget of its own, checked between slices of drawing too.
    await withinBudget(() => page.getOperatorList());
    drawMissingFontsAsText(page.commonObjs);
    // The list's images, decoded again for drawing, are let go first (the fonts stay with the document).
    page.cleanup();
    const viewport = page.getViewport({ scale: size.width / shape.width });
    const canvas = allocatedCanvas(size.width, size.height);
    const context = canvas.getContext("2d");
    // Pages are paper: what the file leaves transparent is white.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await withinBudget(async () => {
      const rendering = page.render({ canvasContext: context as unknown as CanvasRenderingContext2D, viewport });
      rendering.onContinue = (next: () => void) => (budget?.exceeded ? rendering.cancel() : next());
      await rendering.promise;
    });
    const encoded = task.format === "png" ? await canvas.encode("png") : await canvas.encode("webp", WEBP_QUALITY);
    return new Uint8Array(encoded);
  } finally {
    page.cleanup();
  }
}

/** One task: its value, or why not. */
export async function run(task: PdfTask): Promise<RendererAnswer> {
  let document: PDFDocumentProxy;
  try {
    document = await documentOf(task.file);
  } catch (error) {
    if (error instanceof NeedsFile) return { ok: false, needsFile: true };
    return refusal(error);
  }
  try {
    const value = task.kind === "outline" ? await outlineOf(document, task.first, task.count) : await draw(document, task);
    return { ok: true, value };
  } catch (error) {
    // pdf.js gave up part of the document's work midway: the next task parses it again.
    if (error instanceof OverBudget) documents.delete(task.file.key);
    return refusal(error);
  }
}

function refusal(error: unknown): RendererAnswer {
  if (error instanceof OverBudget) return { ok: false, reason: error.reason, limit: error.limit };
  if (error instanceof Refused) return { ok: false, reason: error.reason };
  // An allocation past the memory cap in the drawing or the encoding.
  if (error instanceof RangeError || OUT_OF_MEMORY.test(String(error)))
    return { ok: false, reason: "tooComplex", limit: "memory" };
  return { ok: false, reason: "damaged" };
}

// --- the renderer process -------------------------------------------------------------------

if (process.env.PDF_RENDERER === "1" && process.send) {
  const send = (message: RendererMessage) => process.send?.(message);
  process.on("message", (request: RendererRequest) => {
    void run(request.task).then((answer) => send({ type: "answer", id: request.id, answer, rss: process.memoryUsage.rss() }));
  });
  // The serving process is gone (or let this renderer go): nothing is left to do.
  process.on("disconnect", () => process.exit(0));
  // Ready once pdf.js is loaded, so a task does not wait for it.
  void budgetReady.then(() => send({ type: "ready" }));
}
