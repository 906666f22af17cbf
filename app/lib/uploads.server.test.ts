import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, sniffFileType, uploadProblem } from "./uploads.server";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]);
const pdf = new TextEncoder().encode("%PDF-1.4\n");

describe("uploads by content", () => {
  it("recognises PNG, JPEG and PDF whatever the name says", async () => {
    expect(await sniffFileType(new File([png], "x.pdf"))).toBe("image/png");
    expect(await sniffFileType(new File([jpeg], "x.txt"))).toBe("image/jpeg");
    expect(await sniffFileType(new File([pdf], "x.png"))).toBe("application/pdf");
    expect(await sniffFileType(new File(["<html>"], "x.png", { type: "image/png" }))).toBeNull();
  });

  it("refuses a disguised file and one over 4 MB, accepts exactly 4 MB", async () => {
    const allowed = ["image/png", "application/pdf"] as const;
    expect(await uploadProblem(new File([jpeg], "x.png"), allowed)).toBe("wrongType");
    expect(await uploadProblem(new File([pdf, new Uint8Array(MAX_UPLOAD_BYTES - pdf.length)], "x.pdf"), allowed)).toBeNull();
    expect(await uploadProblem(new File([pdf, new Uint8Array(MAX_UPLOAD_BYTES - pdf.length + 1)], "x.pdf"), allowed)).toBe("tooLarge");
  });
});
