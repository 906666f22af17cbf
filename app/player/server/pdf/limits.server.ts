import { constants, inflateSync } from "node:zlib";

/**
 * What the PDF renderers agree to draw (issues #12 and #26): a file past these bounds is refused
 * before or while pdf.js spends memory on it. The budget of one render (budget.server.ts) counts
 * inside pdf.js across all of a page's streams; the renderer process's memory cap (prlimit, the
 * pool in pool.server.ts) and the per-page deadline (render.server.ts) catch what they cannot see.
 */

/** A drawn page has at most 2160 × 3072 pixels (an A-series page at 2160, zoomed): a taller page is drawn narrower. */
export const MAX_PAGE_PIXELS = 2160 * 3072;
/** A page at most 8 times taller than wide, or wider than tall; beyond that it is refused. */
export const MAX_ASPECT = 8;
/** pdf.js's `maxImageSize`: an image of more pixels is left out; also the cap of a JBIG2 region. */
export const MAX_IMAGE_PIXELS = 4096 * 4096;
/** A page of more drawing operations than this is refused (a page of text is a few thousand). */
export const MAX_OPERATIONS = 100_000;
/** A page's text kept for the player (its caption for screen readers); a dense page has about 5,000 characters. */
export const MAX_PAGE_TEXT = 20_000;
/** Parsed documents a renderer keeps, and for how long after their last use. */
export const MAX_DOCUMENTS = 2;
export const DOCUMENT_TTL_MS = 120_000;
/** One decoded stream may reach this much; the largest image allowed is 64 MiB as RGBA. */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

// --- the budget of one render, across all of its streams (budget.server.ts) ------------------

/**
 * Bytes all the streams a render decodes may add up to (content, forms, images, fonts): twice
 * the largest stream, so one largest image fits with its page; 30 streams of 60 MiB do not.
 */
export const MAX_RENDER_INFLATED_BYTES = 2 * MAX_INFLATED_BYTES;
/**
 * Image pixels a render may draw, each drawing counted (an image drawn twice costs twice): two of
 * the largest images pdf.js keeps. Drawing one takes ~125 MiB of a renderer's memory at its peak
 * (its decoded stream, its pixels, the canvases it is scaled through) and about half a second, so
 * two fit a renderer's 512 MiB (PDF_RENDER_MEMORY_MB) beside its ~145 MiB at rest.
 */
export const MAX_RENDER_IMAGE_PIXELS = 2 * MAX_IMAGE_PIXELS;
/**
 * Form XObjects inside form XObjects: real files nest a handful; each level may hold a canvas of
 * the page's size for its transparency group (26.5 MB at 2160 × 3072), so 12 fit a renderer's memory.
 */
export const MAX_XOBJECT_DEPTH = 12;
/** Content streams a render evaluates: the page's, each form XObject drawn, each pattern and Type 3 glyph. */
export const MAX_XOBJECT_INVOCATIONS = 10_000;

/** The canvas for a page `pageWidth` × `pageHeight` asked `width` pixels wide, or null when refused. */
export function canvasSize(pageWidth: number, pageHeight: number, width: number): { width: number; height: number } | null {
  if (!(pageWidth > 0 && pageHeight > 0)) return null;
  const aspect = pageHeight / pageWidth;
  if (aspect > MAX_ASPECT || aspect < 1 / MAX_ASPECT) return null;
  const shrink = Math.min(1, Math.sqrt(MAX_PAGE_PIXELS / (width * width * aspect)));
  const drawnWidth = Math.floor(width * shrink);
  return { width: drawnWidth, height: Math.max(1, Math.round(drawnWidth * aspect)) };
}

/** JBIG2 segment types whose data starts with a region's width and height, and the page information. */
const JBIG2_REGIONS = new Set([4, 6, 7, 20, 22, 23, 36, 38, 39, 40, 42, 43]);
const JBIG2_PAGE = 48;
const UNKNOWN = 0xffffffff;

/** Whether an embedded JBIG2 stream declares a page or region over MAX_IMAGE_PIXELS (segment headers, JBIG2 §7.2). */
function jbig2TooLarge(data: Buffer): boolean {
  let at = 0;
  while (at + 11 <= data.length) {
    const number = data.readUInt32BE(at);
    const flags = data[at + 4] ?? 0;
    let position = at + 5;
    let referred = (data[position] ?? 0) >> 5;
    if (referred === 7) {
      referred = data.readUInt32BE(position) & 0x1fffffff;
      position += 4 + Math.ceil((referred + 1) / 8);
    } else {
      position += 1;
    }
    position += referred * (number <= 256 ? 1 : number <= 65536 ? 2 : 4) + (flags & 0x40 ? 4 : 1);
    if (position + 12 > data.length) return false;
    const length = data.readUInt32BE(position);
    position += 4;
    const type = flags & 0x3f;
    if (type === JBIG2_PAGE || JBIG2_REGIONS.has(type)) {
      const width = data.readUInt32BE(position);
      const height = data.readUInt32BE(position + 4);
      if (width * (height === UNKNOWN ? 1 : height) > MAX_IMAGE_PIXELS) return true;
    }
    if (length === UNKNOWN) return false;
    at = position + length;
  }
  return false;
}

/**
 * Whether a JBIG2 stream declares a page or region over MAX_IMAGE_PIXELS, once the Flate filters
 * before it are undone; `inflated` counts what those cost (pdf.js's own decoding of Flate is in
 * the render budget, JBIG2's is not).
 */
function jbig2Bomb(dictionary: string, body: Buffer, inflated: { bytes: number }): boolean {
  if (!dictionary.includes("/JBIG2Decode")) return false;
  let data = body;
  for (const [filter] of dictionary.matchAll(/\/(?:FlateDecode|Fl|JBIG2Decode)\b/g)) {
    if (filter === "/JBIG2Decode") return jbig2TooLarge(data);
    try {
      data = inflateSync(data, { maxOutputLength: MAX_INFLATED_BYTES, finishFlush: constants.Z_SYNC_FLUSH });
    } catch (error) {
      // Past the cap zlib throws a RangeError; any other error is pdf.js's to report.
      return error instanceof RangeError;
    }
    inflated.bytes += data.byteLength;
    if (inflated.bytes > MAX_RENDER_INFLATED_BYTES) return true;
  }
  return false;
}

/**
 * Whether the file has a JBIG2 image declaring a region over MAX_IMAGE_PIXELS — pdf.js's JBIG2
 * decoder allocates the region before anything can count it. Streams are found by their keywords
 * in the raw bytes (streams never sit inside object streams). Flate streams are left to the render
 * budget, which counts them as pdf.js decodes them, on the pages that use them.
 */
export function hasBomb(data: Uint8Array): boolean {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const inflated = { bytes: 0 };
  for (let at = bytes.indexOf("stream", 0, "latin1"); at !== -1; at = bytes.indexOf("stream", at + 6, "latin1")) {
    if (bytes.toString("latin1", at - 3, at) === "end") continue;
    const start = at + 6 + (bytes[at + 6] === 0x0d ? 1 : 0) + 1;
    const end = bytes.indexOf("endstream", start, "latin1");
    const header = bytes.toString("latin1", Math.max(0, at - 4096), at);
    const dictionary = header.slice(header.lastIndexOf(" obj") + 1);
    if (jbig2Bomb(dictionary, bytes.subarray(start, end === -1 ? bytes.length : end), inflated)) return true;
    if (end === -1) return false;
    at = end + 3;
  }
  return false;
}
