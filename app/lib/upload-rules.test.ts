import { describe, expect, it } from "vitest";
import {
  acceptOf,
  CERTIFICATE_TYPES,
  checkFile,
  exceedsImageLimits,
  MAX_UPLOAD_BYTES,
  PHOTO_TYPES,
  sniffFile,
  uploadName,
} from "./upload-rules";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]);
const pdf = new TextEncoder().encode("%PDF-1.4\n");

describe("upload rules", () => {
  it("know PNG, JPEG and PDF by their first bytes, whatever the name or declared type says", async () => {
    expect(await sniffFile(new File([png], "x.pdf"))).toBe("image/png");
    expect(await sniffFile(new File([jpeg], "x.txt"))).toBe("image/jpeg");
    expect(await sniffFile(new File([pdf], "x.png"))).toBe("application/pdf");
    expect(await sniffFile(new File(["<html>"], "x.png", { type: "image/png" }))).toBeNull();
    expect(await sniffFile(new File([png.slice(0, 4)], "x.png"))).toBeNull();
    expect(await sniffFile(new Blob([]))).toBeNull();
  });

  it("take an image up to 8000 px a side and 25 megapixels, and refuse one pixel more either way", () => {
    expect(exceedsImageLimits(8000, 3125)).toBe(false);
    expect(exceedsImageLimits(8001, 1)).toBe(true);
    expect(exceedsImageLimits(1, 8001)).toBe(true);
    expect(exceedsImageLimits(5000, 5001)).toBe(true);
    expect(exceedsImageLimits(5000, 5000)).toBe(false);
  });

  it("take exactly 4 MiB, refuse one byte more, and only the allowed types", async () => {
    const sized = (head: Uint8Array<ArrayBuffer>, size: number) => new Blob([head, new Uint8Array(size - head.length)]);
    expect(await checkFile(sized(png, MAX_UPLOAD_BYTES), PHOTO_TYPES)).toEqual({ ok: true, type: "image/png" });
    expect(await checkFile(sized(png, MAX_UPLOAD_BYTES + 1), PHOTO_TYPES)).toEqual({ ok: false, reason: "tooLarge" });
    expect(await checkFile(sized(pdf, 100), PHOTO_TYPES)).toEqual({ ok: false, reason: "wrongType" });
    expect(await checkFile(sized(pdf, 100), CERTIFICATE_TYPES)).toEqual({ ok: true, type: "application/pdf" });
  });

  it("name the file sent upstream by its checked type, and the file inputs' accept by the types", () => {
    expect(uploadName("image/png")).toBe("upload.png");
    expect(uploadName("image/jpeg")).toBe("upload.jpg");
    expect(uploadName("application/pdf")).toBe("upload.pdf");
    expect(acceptOf(PHOTO_TYPES)).toBe("image/png,image/jpeg");
    expect(acceptOf(CERTIFICATE_TYPES)).toBe("image/png,image/jpeg,application/pdf");
  });
});
