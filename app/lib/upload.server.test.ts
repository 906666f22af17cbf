import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_PHOTO_BYTES, sniffImage } from "./image-type";
import { readPhotoUpload, withUploadSlot } from "./upload.server";

const buffer = () => new Uint8Array(MAX_PHOTO_BYTES);

describe("sniffImage", () => {
  it("knows PNG and JPEG by their first bytes, whatever the name says", () => {
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe("image/jpeg");
    expect(sniffImage(new TextEncoder().encode("<html>"))).toBeNull();
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffImage(new Uint8Array([]))).toBeNull();
  });
});

describe("readPhotoUpload", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("never reads a body that is not multipart", async () => {
    const pull = vi.fn();
    const request = new Request("http://localhost/profile/photo", {
      method: "POST",
      body: new ReadableStream({ pull }, { highWaterMark: 0 }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(await readPhotoUpload(request, "file", buffer())).toEqual({ ok: false, reason: "missing" });
    expect(pull).not.toHaveBeenCalled();
  });

  it("refuses a declared length past the limit before reading", async () => {
    const pull = vi.fn();
    const request = new Request("http://localhost/profile/photo", {
      method: "POST",
      body: new ReadableStream({ pull }, { highWaterMark: 0 }),
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(5 * 1024 * 1024) },
      duplex: "half",
    } as RequestInit);
    expect(await readPhotoUpload(request, "file", buffer())).toEqual({ ok: false, reason: "tooLarge" });
    expect(pull).not.toHaveBeenCalled();
  });

  it("gives up on a body that stops arriving", async () => {
    vi.useFakeTimers();
    const head = new TextEncoder().encode(
      '--x\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    );
    const request = new Request("http://localhost/profile/photo", {
      method: "POST",
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(head);
        },
      }),
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    const result = readPhotoUpload(request, "file", buffer());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await result).toEqual({ ok: false, reason: "tooSlow" });
  });
});

describe("withUploadSlot", () => {
  it("runs at most two uploads at once and hands each a buffer of the limit", async () => {
    let running = 0;
    let most = 0;
    const sizes = await Promise.all(
      Array.from({ length: 6 }, () =>
        withUploadSlot(async (slot) => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
          return slot.byteLength;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(sizes).toEqual(Array(6).fill(MAX_PHOTO_BYTES));
  });
});
