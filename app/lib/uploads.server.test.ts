import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, readFormWithUpload, sniffFileType } from "./uploads.server";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]);
const pdf = new TextEncoder().encode("%PDF-1.4\n");

function upload(size: number, headers: Record<string, string> = {}) {
  const body = new FormData();
  body.set("name", "Auditoría");
  body.set("file", new File([pdf, new Uint8Array(size - pdf.length)], "x.pdf"));
  return new Request("http://localhost/", { method: "POST", body, headers });
}

describe("uploads by content, within the limit", () => {
  it("recognises PNG, JPEG and PDF whatever the name says", async () => {
    expect(await sniffFileType(new File([png], "x.pdf"))).toBe("image/png");
    expect(await sniffFileType(new File([jpeg], "x.txt"))).toBe("image/jpeg");
    expect(await sniffFileType(new File([pdf], "x.png"))).toBe("application/pdf");
    expect(await sniffFileType(new File(["<html>"], "x.png", { type: "image/png" }))).toBeNull();
  });

  it("reads a form with a file of exactly 4 MiB, and refuses a larger part or declared body", async () => {
    const form = await readFormWithUpload(upload(MAX_UPLOAD_BYTES));
    expect(form?.get("name")).toBe("Auditoría");
    expect((form?.get("file") as File).size).toBe(MAX_UPLOAD_BYTES);
    expect(await readFormWithUpload(upload(MAX_UPLOAD_BYTES + 1))).toBeNull();
    expect(await readFormWithUpload(upload(10, { "Content-Length": String(10 * MAX_UPLOAD_BYTES) }))).toBeNull();
  });
});
