import { describe, expect, it } from "vitest";
import {
  BudgetExceeded,
  type BudgetLimits,
  imagePixels,
  installBudget,
  type PdfjsInternals,
  RenderBudget,
} from "./budget.server";

/** The render budget's counting, and its hooks on classes shaped like pdf.js 4.5's (the real ones run in the renderer tests). */

const LIMITS: BudgetLimits = {
  streamBytes: 100,
  inflatedBytes: 250,
  imagePixels: 1000,
  operations: 10,
  depth: 3,
  invocations: 6,
};
const OPS = { paintImageXObject: 85, paintInlineImageXObject: 86, paintImageMaskXObject: 83 };

const spent = (charge: () => void) => {
  try {
    charge();
    return null;
  } catch (error) {
    return error instanceof BudgetExceeded ? error.limit : String(error);
  }
};

describe("RenderBudget", () => {
  it("adds up decoded bytes across streams, and caps each stream on its own", () => {
    const budget = new RenderBudget(LIMITS);
    expect(spent(() => budget.inflate(90, 90))).toBeNull();
    expect(spent(() => budget.inflate(90, 90))).toBeNull();
    expect(spent(() => budget.inflate(60, 60))).toBeNull();
    expect(spent(() => budget.inflate(20, 80))).toBe("inflatedBytes");
    expect(budget.inflatedBytes).toBe(260);
    expect(spent(() => new RenderBudget(LIMITS).inflate(10, 101))).toBe("streamBytes");
  });

  it("counts each image drawing, operations, nesting and evaluations, and keeps refusing once one is past", () => {
    const images = new RenderBudget(LIMITS);
    expect(spent(() => images.image(600))).toBeNull();
    expect(spent(() => images.image(600))).toBe("imagePixels");
    // Spent: every later charge of any kind throws with the first limit passed.
    expect(spent(() => images.operation())).toBe("imagePixels");
    expect(spent(() => images.inflate(1, 1))).toBe("imagePixels");

    const operations = new RenderBudget(LIMITS);
    for (let i = 0; i < 10; i++) operations.operation();
    expect(spent(() => operations.operation())).toBe("operations");

    const deep = new RenderBudget(LIMITS);
    expect([1, 2, 3].map((depth) => spent(() => deep.enter(depth)))).toEqual([null, null, null]);
    expect(spent(() => deep.enter(4))).toBe("depth");

    const wide = new RenderBudget(LIMITS);
    for (let i = 0; i < 6; i++) wide.enter(2);
    expect(spent(() => wide.enter(2))).toBe("invocations");
    expect(wide.exceeded).toBe("invocations");
  });
});

describe("imagePixels", () => {
  it("reads an image drawing's size from its arguments", () => {
    expect(imagePixels(OPS.paintImageXObject, ["img_p0_1", 4000, 3000], OPS)).toBe(12_000_000);
    expect(imagePixels(OPS.paintInlineImageXObject, [{ width: 20, height: 10, data: new Uint8Array(1) }], OPS)).toBe(200);
    expect(imagePixels(OPS.paintImageMaskXObject, [{ width: 8, height: 8 }], OPS)).toBe(64);
    expect(imagePixels(OPS.paintImageXObject, ["img", "x", 3], OPS)).toBe(0);
    expect(imagePixels(1, [], OPS)).toBe(0);
  });
});

/** Classes shaped like pdf.js's worker side: an evaluator whose forms draw forms, as buildFormXObject does. */
function fakePdfjs() {
  class DecodeStream {
    buffer = new Uint8Array(0);
    ensureBuffer(requested: number) {
      if (requested > this.buffer.byteLength) this.buffer = new Uint8Array(requested);
      return this.buffer;
    }
  }
  class FlateStream extends DecodeStream {
    getBytes(length: number) {
      return this.ensureBuffer(length).subarray(0, length);
    }
    async getImageData(): Promise<Uint8Array> {
      throw new Error("DecompressionStream");
    }
    get isAsync() {
      return true;
    }
  }
  class OperatorList {
    fnArray: number[] = [];
    addOp(fn: number, _args?: unknown) {
      this.fnArray.push(fn);
    }
    addImageOps(fn: number, _args: unknown[], _optionalContent: unknown) {
      this.addOp(fn);
    }
  }
  type State = { drawn?: string };
  class PartialEvaluator {
    /** Form `name` draws the forms `forms[name]`, each from a clone of its state, as pdf.js clones. */
    constructor(readonly forms: Record<string, string[]>) {}
    async getOperatorList({ name = "page", initialState = null }: { name?: string; initialState?: State | null }) {
      const state = initialState ?? {};
      for (const form of this.forms[name] ?? []) {
        await this.getOperatorList({ name: form, initialState: Object.create(state) as State });
      }
    }
    async getTextContent({ name = "page", stateManager = null }: { name?: string; stateManager?: { state: State } | null }) {
      const state = stateManager?.state ?? {};
      for (const form of this.forms[name] ?? []) {
        await this.getTextContent({ name: form, stateManager: { state: Object.create(state) as State } });
      }
    }
  }
  return { DecodeStream, FlateStream, OperatorList, PartialEvaluator };
}

describe("installBudget", () => {
  function hooked(limits: BudgetLimits) {
    const classes = fakePdfjs();
    const budget = { current: new RenderBudget(limits) as RenderBudget | null };
    installBudget(classes as unknown as PdfjsInternals, OPS, () => budget.current);
    return { ...classes, budget };
  }

  it("charges decoding, operations and image drawings to the render being spent, and nothing between renders", () => {
    const { DecodeStream, FlateStream, OperatorList, budget } = hooked(LIMITS);
    const stream = new DecodeStream();
    stream.ensureBuffer(40);
    stream.ensureBuffer(30);
    stream.ensureBuffer(90);
    expect(budget.current?.inflatedBytes).toBe(90);
    const list = new OperatorList();
    list.addImageOps(OPS.paintImageXObject, ["img", 10, 10], undefined);
    list.addOp(1, null);
    expect([budget.current?.operations, budget.current?.imagePixels]).toEqual([2, 100]);
    expect(spent(() => new DecodeStream().ensureBuffer(101))).toBe("streamBytes");
    budget.current = null;
    expect(spent(() => new DecodeStream().ensureBuffer(1000))).toBeNull();
    // Flate images go through the counted decoder, and no codec asks Flate for an async read.
    const flate = new FlateStream();
    expect(flate.isAsync).toBe(false);
    return expect(flate.getImageData()).resolves.toHaveLength(0);
  });

  it("counts form nesting through the states pdf.js clones, in operator lists and in text", async () => {
    // A form that draws itself: refused one level past the limit of 3.
    const looping = hooked(LIMITS);
    const evaluator = new looping.PartialEvaluator({ page: ["self"], self: ["self"] });
    await expect(evaluator.getOperatorList({})).rejects.toThrow(BudgetExceeded);
    expect([looping.budget.current?.exceeded, looping.budget.current?.deepest]).toEqual(["depth", 4]);

    const text = hooked(LIMITS);
    await expect(new text.PartialEvaluator({ page: ["self"], self: ["self"] }).getTextContent({})).rejects.toThrow(
      BudgetExceeded,
    );
    expect(text.budget.current?.exceeded).toBe("depth");

    // Siblings are not nested: three forms side by side, each drawing one, stay at depth 3, and
    // their evaluations are counted (1 + 3 + 3 = 7 > 6).
    const wide = hooked(LIMITS);
    const siblings = new wide.PartialEvaluator({ page: ["a", "b", "c"], a: ["leaf"], b: ["leaf"], c: ["leaf"] });
    await expect(siblings.getOperatorList({})).rejects.toThrow(BudgetExceeded);
    expect([wide.budget.current?.exceeded, wide.budget.current?.deepest]).toEqual(["invocations", 3]);

    const fine = hooked(LIMITS);
    await new fine.PartialEvaluator({ page: ["a"], a: ["b"] }).getOperatorList({});
    expect([fine.budget.current?.exceeded, fine.budget.current?.deepest, fine.budget.current?.invocations]).toEqual([null, 3, 3]);
  });
});
