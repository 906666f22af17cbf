import {
  MAX_INFLATED_BYTES,
  MAX_OPERATIONS,
  MAX_RENDER_IMAGE_PIXELS,
  MAX_RENDER_INFLATED_BYTES,
  MAX_XOBJECT_DEPTH,
  MAX_XOBJECT_INVOCATIONS,
} from "./limits.server";

/**
 * The budget of one render (issue #26 item 3): what reading a file, one page's text or drawing one
 * page may spend across all of its streams, counted inside pdf.js while it works, so a bomb is
 * refused after spending at most the budget, not the deadline. pdf.js has no such bounds of its
 * own; its worker side runs in the renderer's thread (pdf.js's "fake worker" in Node), and
 * scripts/build-server.mjs exports the four classes counted here from its bundle.
 */

export type BudgetLimits = {
  /** Bytes one decoded stream may reach. */
  streamBytes: number;
  /** Bytes all decoded streams may add up to. */
  inflatedBytes: number;
  /** Image pixels drawn, each drawing counted. */
  imagePixels: number;
  /** Operations in the page's operator list, forms' included. */
  operations: number;
  /** Form XObjects nested in form XObjects (the page's content is 1). */
  depth: number;
  /** Content streams evaluated: the page's, forms, patterns, Type 3 glyphs, annotations. */
  invocations: number;
};

/** A limit of the budget, or the renderer's memory cap (an allocation pdf.js could not make and went on without). */
export type BudgetLimit = keyof BudgetLimits | "memory";

export const RENDER_BUDGET: BudgetLimits = {
  streamBytes: MAX_INFLATED_BYTES,
  inflatedBytes: MAX_RENDER_INFLATED_BYTES,
  imagePixels: MAX_RENDER_IMAGE_PIXELS,
  operations: MAX_OPERATIONS,
  depth: MAX_XOBJECT_DEPTH,
  invocations: MAX_XOBJECT_INVOCATIONS,
};

/** Thrown inside pdf.js when the budget is spent: pdf.js gives up that part and every later one. */
export class BudgetExceeded extends Error {
  constructor(readonly limit: BudgetLimit) {
    super(`pdf render budget spent: ${limit}`);
  }
}

/** What one render has spent so far; once a limit is passed every further charge throws too. */
export class RenderBudget {
  inflatedBytes = 0;
  imagePixels = 0;
  operations = 0;
  invocations = 0;
  deepest = 0;
  exceeded: BudgetLimit | null = null;

  constructor(readonly limits: BudgetLimits = RENDER_BUDGET) {}

  private spend(over: boolean, limit: BudgetLimit) {
    if (over) this.exceeded ??= limit;
    if (this.exceeded) throw new BudgetExceeded(this.exceeded);
  }

  /** A decoded stream grows by `bytes`, to `streamBytes` in all. */
  inflate(bytes: number, streamBytes: number) {
    this.inflatedBytes += bytes;
    this.spend(streamBytes > this.limits.streamBytes, "streamBytes");
    this.spend(this.inflatedBytes > this.limits.inflatedBytes, "inflatedBytes");
  }

  /** An image of `pixels` is drawn. */
  image(pixels: number) {
    this.imagePixels += pixels;
    this.spend(this.imagePixels > this.limits.imagePixels, "imagePixels");
  }

  operation() {
    this.operations++;
    this.spend(this.operations > this.limits.operations, "operations");
  }

  /** pdf.js could not allocate something and left it out: the render would miss parts. */
  outOfMemory() {
    this.exceeded ??= "memory";
  }

  /** A content stream is evaluated at nesting `depth`. */
  enter(depth: number) {
    this.invocations++;
    this.deepest = Math.max(this.deepest, depth);
    this.spend(depth > this.limits.depth, "depth");
    this.spend(this.invocations > this.limits.invocations, "invocations");
  }
}

// --- the hooks in pdf.js's worker side ------------------------------------------------------

type Method<A extends unknown[], R> = (...args: A) => R;

/** The parts of pdf.js 4.5's worker-side classes the hooks use (src/core/*.js). */
export type PdfjsInternals = {
  /** Every decoding stream (Flate, LZW, predictors, run length, ASCII…) grows its buffer here. */
  DecodeStream: { prototype: { ensureBuffer: Method<[number], Uint8Array> } };
  /** Flate decodes images with the platform's DecompressionStream, unbounded, unless told it cannot. */
  FlateStream: { prototype: { getImageData: Method<[number, unknown], Promise<Uint8Array>> } };
  OperatorList: {
    prototype: { addOp: Method<[number, unknown], void>; addImageOps: Method<[number, unknown[], unknown], void> };
  };
  PartialEvaluator: {
    prototype: {
      getOperatorList: Method<[{ initialState?: object | null }], Promise<unknown>>;
      getTextContent: Method<[{ stateManager?: { state: object } | null }], Promise<unknown>>;
    };
  };
};

/** pdf.js's operator numbers of the image drawings (`OPS` of pdfjs-dist). */
export type ImageOps = { paintImageXObject: number; paintInlineImageXObject: number; paintImageMaskXObject: number };

/** The pixels an image drawing paints: `[objId, width, height]`, or an image object with its size. */
export function imagePixels(fn: number, args: unknown[], ops: ImageOps): number {
  if (fn === ops.paintImageXObject) return Number(args[1]) * Number(args[2]) || 0;
  if (fn === ops.paintInlineImageXObject || fn === ops.paintImageMaskXObject) {
    const image = args[0] as { width?: unknown; height?: unknown } | undefined;
    return Number(image?.width) * Number(image?.height) || 0;
  }
  return 0;
}

/**
 * The nesting depth of a content stream evaluated from `state`, the evaluation state its caller
 * hands on: pdf.js clones states with Object.create, so a depth written on a form's state is read
 * by every state cloned from it, the forms it draws included. A stream without one (the page's,
 * an annotation's, a pattern's, a glyph's) is at depth 1; recursion through patterns or glyphs is
 * left to the invocation count.
 */
const DEPTH = Symbol("pdf xobject depth");
function depthFrom(state: object | null | undefined): number {
  if (!state) return 1;
  const tagged = state as { [DEPTH]?: number };
  const depth = (tagged[DEPTH] ?? 1) + 1;
  tagged[DEPTH] = depth;
  return depth;
}

const hooked = new WeakSet<object>();

/**
 * Wraps pdf.js's decoding, operator list and evaluation so that `current()`, the render budget
 * being spent (none between renders), pays for each step; a step past the budget throws inside
 * pdf.js. Once per set of classes.
 */
export function installBudget(internals: PdfjsInternals, ops: ImageOps, current: () => RenderBudget | null) {
  for (const name of ["DecodeStream", "FlateStream", "OperatorList", "PartialEvaluator"] as const) {
    if (typeof internals[name]?.prototype !== "object")
      throw new Error(`pdf.js internals: no ${name} (see scripts/build-server.mjs)`);
  }
  if (hooked.has(internals.DecodeStream.prototype)) return;
  hooked.add(internals.DecodeStream.prototype);

  const decode = internals.DecodeStream.prototype;
  const ensureBuffer = decode.ensureBuffer;
  decode.ensureBuffer = function (this: { buffer: Uint8Array }, requested: number) {
    const had = this.buffer.byteLength;
    if (requested > had) current()?.inflate(requested - had, requested);
    return ensureBuffer.call(this, requested);
  };

  // Images through the same counted, bounded decoder as everything else (read up to the image's
  // size), not DecompressionStream; and no codec (JPEG, JPX, JBIG2) asks Flate for an async read.
  const flate = internals.FlateStream.prototype as unknown as {
    getImageData: Method<[number, unknown], Promise<Uint8Array>>;
    getBytes: Method<[number], Uint8Array>;
  };
  flate.getImageData = async function (this: typeof flate, length: number) {
    return this.getBytes(length);
  };
  Object.defineProperty(flate, "isAsync", { get: () => false, configurable: true });

  const list = internals.OperatorList.prototype;
  const addOp = list.addOp;
  list.addOp = function (this: unknown, fn: number, args: unknown) {
    current()?.operation();
    return addOp.call(this, fn, args);
  };
  const addImageOps = list.addImageOps;
  list.addImageOps = function (this: unknown, fn: number, args: unknown[], optionalContent: unknown) {
    current()?.image(imagePixels(fn, args, ops));
    return addImageOps.call(this, fn, args, optionalContent);
  };

  const evaluator = internals.PartialEvaluator.prototype;
  const getOperatorList = evaluator.getOperatorList;
  evaluator.getOperatorList = function (this: unknown, params: { initialState?: object | null }) {
    try {
      current()?.enter(depthFrom(params.initialState));
    } catch (error) {
      return Promise.reject(error);
    }
    return getOperatorList.call(this, params);
  };
  const getTextContent = evaluator.getTextContent;
  evaluator.getTextContent = function (this: unknown, params: { stateManager?: { state: object } | null }) {
    try {
      current()?.enter(depthFrom(params.stateManager?.state));
    } catch (error) {
      return Promise.reject(error);
    }
    return getTextContent.call(this, params);
  };
}
