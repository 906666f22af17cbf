import { describe, expect, it } from "vitest";
import {
  hugeImage,
  inflateBomb,
  inlineImagesBomb,
  jbig2Bomb,
  nestedForms,
  selfDrawingForm,
  streamsBomb,
  textOpsBomb,
  textPage,
  thinPage,
} from "../../../../tests/fixtures/pdf-bombs";
import { canvasSize, hasBomb, MAX_PAGE_PIXELS } from "./limits.server";

/** The bounds the PDF renderers check before pdf.js spends memory (issue #12); the render budget's are in budget.server.test.ts. */

describe("canvasSize", () => {
  it("draws an A4 page at the width asked", () => {
    expect(canvasSize(595, 842, 1080)).toEqual({ width: 1080, height: 1528 });
    expect(canvasSize(842, 595, 360)).toEqual({ width: 360, height: 254 });
  });

  it("draws an A4 page or an A0 plan at 2160, twice a phone's 3× render, for zoom", () => {
    expect(canvasSize(595, 842, 2160)).toEqual({ width: 2160, height: 3057 });
    expect(canvasSize(2384, 3370, 2160)).toEqual({ width: 2160, height: 3053 });
  });

  it("draws a tall page narrower, within the pixel cap and its shape", () => {
    const size = canvasSize(100, 700, 1080);
    expect(size).not.toBeNull();
    expect((size?.width ?? 0) * (size?.height ?? 0)).toBeLessThanOrEqual(MAX_PAGE_PIXELS);
    expect((size?.height ?? 0) / (size?.width ?? 1)).toBeCloseTo(7, 1);
  });

  it.each([
    [1, 300],
    [300, 1],
    [0, 842],
    [595, Number.NaN],
  ])("refuses a %s × %s page", (width, height) => {
    expect(canvasSize(width, height, 1080)).toBeNull();
  });
});

describe("hasBomb", () => {
  it("finds a JBIG2 image declaring a 100000 × 120000 region behind a 1 × 1 image", () => {
    expect(hasBomb(jbig2Bomb())).toBe(true);
  });

  it("leaves Flate streams to the render budget, and the rest to pdf.js and the other bounds", async () => {
    const files = [await inflateBomb(), await streamsBomb(), selfDrawingForm(), nestedForms(), inlineImagesBomb()];
    for (const file of [...files, textPage(), textOpsBomb(), thinPage(), hugeImage()]) expect(hasBomb(file)).toBe(false);
  });
});
