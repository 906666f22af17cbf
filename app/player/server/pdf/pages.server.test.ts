import { loadImage, createCanvas } from "@napi-rs/canvas";
import { describe, expect, it, vi } from "vitest";
import { latin1, stream, writePdf } from "../../../../tests/fixtures/pdf-bombs";
import { outcome } from "../../../../tests/fixtures/pdf-renders";
import { pageImage } from "./pages.server";
import { MAX_WAITING } from "./render.server";

/**
 * Page images through the renderer's entry: drawing, download caps and bounds, against a stubbed
 * files host (FILES_HOST_URL is http://files.test). Crafted files, whose answers depend on the CPU
 * a renderer gets, are in pages.server.serial.test.ts.
 */

// The stubbed host's folders are the media folders here (FILES_PATH_PREFIXES, read at the first call).
process.env.FILES_PATH_PREFIXES = "sample/,big/,up/,again/,busy/";

const MiB = 1024 * 1024;

/** A body that yields 1 MiB chunks for ever, counting what was read. */
function endless() {
  const read = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      read.bytes += MiB;
      controller.enqueue(new Uint8Array(MiB));
    },
  });
  return { body, read };
}

/**
 * An A4 PDF written here: a 2×2 RGB inline image (red, green / blue, yellow) at (50, 500) sized
 * 200, an image with a soft mask, and a red-to-blue axial shading filling (50, 50)–(250, 200).
 */
function samplePdf(): Uint8Array<ArrayBuffer> {
  const pixels = latin1("\xff\0\0\0\xff\0\0\0\xff\xff\xff\0");
  const content = Buffer.concat([
    latin1("q 200 0 0 200 50 500 cm BI /W 2 /H 2 /CS /RGB /BPC 8 ID "),
    pixels,
    latin1(" EI Q q 300 0 0 200 250 250 cm /Im1 Do Q /Pattern cs /P1 scn 50 50 200 150 re f"),
  ]);
  return writePdf([
    latin1("<< /Type /Catalog /Pages 2 0 R >>"),
    latin1("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    latin1(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R " +
        "/Resources << /XObject << /Im1 5 0 R >> /Pattern << /P1 7 0 R >> >> >>",
    ),
    stream("", content),
    stream("/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceRGB /BitsPerComponent 8 /SMask 6 0 R", pixels),
    stream(
      "/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8",
      latin1("\xff\x80\x40\0"),
    ),
    latin1(
      "<< /PatternType 2 /Shading << /ShadingType 2 /ColorSpace /DeviceRGB /Coords [50 0 250 0] " +
        "/Function << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >> >> >>",
    ),
  ]);
}

describe("pageImage", () => {
  it("draws images, soft masks and shadings where the PDF puts them, on white", async () => {
    const pdf = samplePdf();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(pdf));
    const image = await loadImage(Buffer.from(await pageImage("sample/drawn.pdf", 1, 360, "png", { user: "ana" })));
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    // PDF points (x, y from the bottom) to pixels of the 360 px wide page.
    const scale = 360 / 595;
    const rgb = (x: number, y: number) => [
      ...context.getImageData(Math.round(x * scale), Math.round((842 - y) * scale), 1, 1).data.slice(0, 3),
    ];
    expect([image.width, image.height]).toEqual([360, 509]);
    expect(rgb(100, 650)).toEqual([255, 0, 0]);
    expect(rgb(200, 650)).toEqual([0, 255, 0]);
    expect(rgb(100, 550)).toEqual([0, 0, 255]);
    expect(rgb(500, 100)).toEqual([255, 255, 255]);
    // The masked image: opaque red, green at half, nothing where the mask is 0.
    expect(rgb(325, 400)).toEqual([255, 0, 0]);
    expect(rgb(475, 400)[0]).toBeGreaterThan(100);
    expect(rgb(475, 400)[0]).toBeLessThan(160);
    expect(rgb(475, 300)).toEqual([255, 255, 255]);
    const [left, right] = [rgb(55, 125), rgb(245, 125)];
    expect(left[0]).toBeGreaterThan(200);
    expect(left[2]).toBeLessThan(55);
    expect(right[0]).toBeLessThan(55);
    expect(right[2]).toBeGreaterThan(200);
  });

  it("refuses a file that declares more than 20 MiB without reading it", async () => {
    const { body, read } = endless();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(body, { headers: { "Content-Length": String(20 * MiB + 1) } }));
    expect(await outcome(pageImage("big/declared.pdf", 1, 720, "png", { user: "ana" }))).toBe("tooLarge");
    expect(read.bytes).toBeLessThanOrEqual(2 * MiB);
  });

  it("stops reading a file that streams past 20 MiB", async () => {
    const { body, read } = endless();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(body));
    expect(await outcome(pageImage("big/streamed.pdf", 1, 720, "png", { user: "ana" }))).toBe("tooLarge");
    expect(read.bytes).toBeLessThanOrEqual(23 * MiB);
  });

  it("tells a missing file from an upstream that failed or could not be reached", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    fetch.mockResolvedValueOnce(new Response("no", { status: 404 }));
    expect(await outcome(pageImage("up/missing.pdf", 1, 720, "png", { user: "ana" }))).toBe("missing");
    fetch.mockResolvedValueOnce(new Response("oops", { status: 500 }));
    expect(await outcome(pageImage("up/failing.pdf", 1, 720, "png", { user: "ana" }))).toBe("unreachable");
    fetch.mockRejectedValueOnce(new TypeError("fetch failed"));
    expect(await outcome(pageImage("up/down.pdf", 1, 720, "png", { user: "ana" }))).toBe("unreachable");
  });

  it("does not keep a failure: the next request asks the files host again", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("no", { status: 404 }));
    expect(await outcome(pageImage("again/a.pdf", 1, 720, "png", { user: "ana" }))).toBe("missing");
    expect(await outcome(pageImage("again/a.pdf", 1, 720, "png", { user: "ana" }))).toBe("missing");
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("works on two files at once, lets MAX_WAITING more wait and refuses the next", async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      await gate;
      return new Response("no", { status: 404 });
    });
    const admitted = 2 + MAX_WAITING;
    const queued = Array.from({ length: admitted }, (_, index) =>
      outcome(pageImage(`busy/${index}.pdf`, 1, 360, "webp", { user: `learner-${index}` })),
    );
    expect(await outcome(pageImage("busy/refused.pdf", 1, 360, "webp", { user: "another" }))).toBe("busy");
    expect(fetch).toHaveBeenCalledTimes(2);
    open();
    expect(await Promise.all(queued)).toEqual(Array(admitted).fill("missing"));
    expect(fetch).toHaveBeenCalledTimes(admitted);
  });
});
