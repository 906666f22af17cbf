import { createCanvas, loadImage } from "@napi-rs/canvas";
import { afterAll, describe, expect, it } from "vitest";
import type { PdfPageWidth } from "~/domain/media";
import {
  A0_NOTE,
  a0Plan,
  CHINESE,
  chinesePage,
  customEncodingPage,
  damagedPdf,
  FRENCH,
  HEBREW,
  hebrewPage,
  helveticaPage,
  JAPANESE,
  japanesePage,
  lockedPdf,
  longDocument,
  TEXT_BOX,
  truncated,
} from "../../../../tests/fixtures/pdf-content";
import { PdfError } from "./failure.server";
import { RendererPool } from "./pool.server";
import { RENDERER_FILE } from "./render.server";
import type { PdfOutline, PdfTask } from "./worker.server";

/** What a renderer reads and draws of real-world PDFs (issue #13 items 8–10), through the built renderer bundle. */

const MiB = 1024 * 1024;
const pool = new RendererPool({
  file: RENDERER_FILE,
  size: 1,
  deadlineMs: 15_000,
  memoryBytes: 512 * MiB,
  heapMb: 128,
  idleMs: 60_000,
  recycleBytes: 1024 * MiB,
  nice: 10,
});
afterAll(() => pool.close());

let files = 0;
const fileOf = (data: Uint8Array) => ({ key: `content-${++files}`, data });
const outline = (data: Uint8Array, first = 1, count = 60) =>
  pool.run<PdfOutline>({ kind: "outline", file: fileOf(data), first, count } satisfies PdfTask);
const draw = async (data: Uint8Array, number = 1, width: PdfPageWidth = 720) =>
  loadImage(Buffer.from(await pool.run<Uint8Array>({ kind: "page", file: fileOf(data), number, width, format: "png" })));
const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => "read",
    (error: unknown) => (error instanceof PdfError ? error.reason : String(error)),
  );

/** Dark pixels of `image` inside a box given in PDF points from the page's top left (`scale` pixels per point). */
function ink(
  image: Awaited<ReturnType<typeof loadImage>>,
  scale: number,
  box: { x: number; y: number; width: number; height: number },
) {
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(
    Math.floor(box.x * scale),
    Math.floor(box.y * scale),
    Math.ceil(box.width * scale),
    Math.ceil(box.height * scale),
  );
  let dark = 0;
  for (let at = 0; at < data.length; at += 4)
    if ((data[at] ?? 255) + (data[at + 1] ?? 255) + (data[at + 2] ?? 255) < 3 * 128) dark++;
  return dark;
}

/** The line of text the fixtures draw, and the rest of the page. */
const TEXT_LINE = { x: TEXT_BOX.x, y: TEXT_BOX.top - 8, width: 450, height: TEXT_BOX.size + 24 };
const BELOW = { x: 0, y: 300, width: 595, height: 500 };

describe("text in fonts the file does not embed", () => {
  it.each([
    ["Japanese (UniJIS-UCS2-H, Adobe-Japan1)", japanesePage, JAPANESE],
    ["Chinese (UniGB-UCS2-H, Adobe-GB1)", chinesePage, CHINESE],
  ])("draws and reads %s through pdf.js's CMaps and a CJK system font", async (_name, page, text) => {
    expect((await outline(page())).pages[0]?.text).toBe(text);
    const image = await draw(page());
    const scale = 720 / 595;
    // Six ideographs 36 points high: thousands of dark pixels where the text is, none elsewhere.
    expect(ink(image, scale, TEXT_LINE)).toBeGreaterThan(2000);
    expect(ink(image, scale, BELOW)).toBe(0);
  });

  it.each([
    ["Times with a CERFA-like custom encoding (/Differences)", customEncodingPage, FRENCH.replace("'", "’")],
    ["Helvetica with WinAnsi", () => helveticaPage(), "Señal de prueba"],
  ])("draws and reads %s from pdf.js's standard font data", async (_name, page, text) => {
    expect((await outline(page())).pages[0]?.text).toBe(text);
    const image = await draw(page());
    expect(ink(image, 720 / 595, TEXT_LINE)).toBeGreaterThan(1500);
    expect(ink(image, 720 / 595, BELOW)).toBe(0);
  });
});

describe("a page's text", () => {
  it("reads right-to-left text in logical order, a line per line, and draws it", async () => {
    expect((await outline(hebrewPage())).pages[0]?.text).toBe(HEBREW.join("\n"));
    expect(ink(await draw(hebrewPage()), 720 / 595, TEXT_LINE)).toBeGreaterThan(1000);
  });
});

describe("long documents and large sheets", () => {
  it("reads a document by page groups and draws any of its pages", async () => {
    const file = longDocument(130);
    const second = await outline(file, 61, 60);
    expect(second).toMatchObject({ pageCount: 130, first: 61 });
    expect(second.pages).toHaveLength(60);
    expect(second.pages[0]?.text).toBe("Pagina 61");
    const last = await outline(file, 121, 60);
    expect(last.pages.map((page) => page.text)).toEqual(Array.from({ length: 10 }, (_, index) => `Pagina ${121 + index}`));
    expect(await reason(outline(file, 181, 60))).toBe("noPage");
    const page130 = await draw(file, 130, 360);
    expect(ink(page130, 360 / 595, { x: 72, y: 50, width: 200, height: 40 })).toBeGreaterThan(100);
    expect(await reason(draw(file, 131, 360))).toBe("noPage");
  });

  it("draws an A0 plan 2160 pixels wide, its small print legible", async () => {
    expect((await outline(a0Plan())).pages[0]).toMatchObject({ width: 2384, height: 3370, text: A0_NOTE });
    const image = await draw(a0Plan(), 1, 2160);
    expect([image.width, image.height]).toEqual([2160, 3053]);
    // The 10-point note in the bottom right corner (9 pixels high; points from the top: 3370 - 120 - 10).
    expect(ink(image, 2160 / 2384, { x: 2195, y: 3236, width: 70, height: 18 })).toBeGreaterThan(60);
  });
});

describe("parsed documents", () => {
  it("keeps the two last used by download key: a key seen again is not parsed again, one pushed out is", async () => {
    const read = async (key: string, pages: number) => {
      const file = { ...fileOf(longDocument(pages)), key };
      return (await pool.run<PdfOutline>({ kind: "outline", file, first: 1, count: 1 })).pageCount;
    };
    expect(await read("kept", 3)).toBe(3);
    expect(await read("other", 1)).toBe(1);
    // Same key, other bytes: the worker answers from the document it parsed.
    expect(await read("kept", 5)).toBe(3);
    expect(await read("third", 1)).toBe(1);
    expect(await read("kept", 5)).toBe(3);
    expect(await read("fourth", 1)).toBe(1);
    expect(await read("fifth", 1)).toBe(1);
    expect(await read("kept", 5)).toBe(5);
  });
});

describe("files that cannot be shown", () => {
  it("tells a file locked with a password (RC4 128-bit, standard security handler)", async () => {
    expect(await reason(outline(lockedPdf()))).toBe("protected");
    expect(await reason(draw(lockedPdf()))).toBe("protected");
  });

  it("tells a damaged file: no document in it, or cut short", async () => {
    expect(await reason(outline(damagedPdf()))).toBe("damaged");
    expect(await reason(outline(truncated(longDocument(3), 300)))).toBe("damaged");
  });
});
