import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { png, pngThenHtml } from "../../tests/png";
import { cleanImage } from "./image.server";

const bytesOf = async (blob: Blob) => Buffer.from(await blob.arrayBuffer());

describe("cleanImage", () => {
  it("refuses past 8000 px a side or 25 megapixels from the header, before any decode", async () => {
    // 30000 × 30000: 110 KB on the wire, 900 MB of pixels once decoded.
    const bomb = png(30000, 30000);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await cleanImage(bomb, "image/png")).toEqual({ ok: false, reason: "tooManyPixels" });
    expect(await cleanImage(png(8001, 1), "image/png")).toEqual({ ok: false, reason: "tooManyPixels" });
    expect(await cleanImage(png(5000, 5001), "image/png")).toEqual({ ok: false, reason: "tooManyPixels" });
    const largest = await cleanImage(png(8000, 3125), "image/png");
    expect(largest.ok && (await sharp(await bytesOf(largest.blob)).metadata())).toMatchObject({ width: 8000, height: 3125 });
  });

  it("refuses what does not decode as its type: a PNG signature followed by HTML, a JPEG called PNG", async () => {
    expect(await cleanImage(pngThenHtml, "image/png")).toEqual({ ok: false, reason: "wrongType" });
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    expect(await cleanImage(jpeg, "image/png")).toEqual({ ok: false, reason: "wrongType" });
    expect(await cleanImage(png(4, 4).subarray(0, 40), "image/png")).toEqual({ ok: false, reason: "wrongType" });
  });

  it("stores a clean copy in the same format: pixels only, no markup or metadata carried along", async () => {
    const page = Buffer.from("<html><script>alert(1)</script></html>");
    const tainted = Buffer.concat([png(16, 16), page]);
    const clean = await cleanImage(tainted, "image/png");
    if (!clean.ok) throw new Error(clean.reason);
    const bytes = await bytesOf(clean.blob);
    expect(bytes.includes(page)).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: 16, height: 16 });

    const photo = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#c33" } })
      .withExif({ IFD0: { ImageDescription: "<script>alert(1)</script>" } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(photo.includes("<script>")).toBe(true);
    const cleanPhoto = await cleanImage(photo, "image/jpeg");
    if (!cleanPhoto.ok) throw new Error(cleanPhoto.reason);
    const cleanBytes = await bytesOf(cleanPhoto.blob);
    expect(cleanBytes.includes("<script>")).toBe(false);
    const meta = await sharp(cleanBytes).metadata();
    // Turned upright as the camera said, then the metadata dropped.
    expect(meta).toMatchObject({ format: "jpeg", width: 10, height: 20 });
    expect(meta.exif).toBeUndefined();
  });
});
