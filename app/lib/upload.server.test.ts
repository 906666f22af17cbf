import { afterEach, describe, expect, it, vi } from "vitest";
import { readUpload, type Upload } from "./upload.server";
import { CERTIFICATE_TYPES, type FileType, MAX_UPLOAD_BYTES, PHOTO_TYPES } from "./upload-rules";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const pdf = (size: number) => new File([new TextEncoder().encode("%PDF-1.4\n"), new Uint8Array(size - 9)], "x.pdf");

function multipart(parts: Array<[string, string | File]>, headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of parts) body.append(name, value);
  return new Request("http://localhost/", { method: "POST", body, headers });
}

/** A request whose body is never read unless someone pulls on it. */
function unread(headers: Record<string, string>) {
  const pull = vi.fn();
  const request = new Request("http://localhost/", {
    method: "POST",
    body: new ReadableStream({ pull }, { highWaterMark: 0 }),
    headers,
    duplex: "half",
  } as RequestInit);
  return { request, pull };
}

const read = (request: Request, types: readonly FileType[] = CERTIFICATE_TYPES) =>
  readUpload(request, { field: "file", types }, async (upload) => upload);

const summary = (upload: Upload) => ({
  fields: Object.fromEntries(upload.fields),
  file: upload.file ? { size: upload.file.blob.size, type: upload.file.type } : null,
  refused: upload.refused,
});

describe("readUpload", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads the text fields and a file of exactly 4 MiB, checked by content", async () => {
    const upload = await read(multipart([["name", "Auditoría"], ["file", pdf(MAX_UPLOAD_BYTES)]]));
    expect(summary(upload)).toEqual({
      fields: { name: "Auditoría" },
      file: { size: MAX_UPLOAD_BYTES, type: "application/pdf" },
      refused: null,
    });
    expect(summary(await read(multipart([["file", pdf(100)]]), PHOTO_TYPES))).toMatchObject({ file: null, refused: "wrongType" });
  });

  it("refuses one byte more and still gives back the text sent before the file", async () => {
    const upload = await read(multipart([["name", "Auditoría"], ["file", pdf(MAX_UPLOAD_BYTES + 1)]]));
    expect(summary(upload)).toEqual({ fields: { name: "Auditoría" }, file: null, refused: "tooLarge" });
  });

  it("a body declared far past the limit is read only for its text, up to the file", async () => {
    const upload = await read(multipart([["name", "ISACA"], ["file", pdf(100)]], { "Content-Length": String(10 * MAX_UPLOAD_BYTES) }));
    expect(summary(upload)).toEqual({ fields: { name: "ISACA" }, file: null, refused: "tooLarge" });
  });

  it("an empty file input is no file and no text field", async () => {
    const upload = await read(multipart([["name", "ISACA"], ["file", new File([], "")]]));
    expect(summary(upload)).toEqual({ fields: { name: "ISACA" }, file: null, refused: null });
  });

  it("accepts one file part only, in its field, and at most 64 KiB of text", async () => {
    expect((await read(multipart([["file", pdf(100)], ["file", pdf(100)]]))).refused).toBe("malformed");
    expect((await read(multipart([["other", pdf(100)]]))).refused).toBe("malformed");
    expect((await read(multipart([["a", "x".repeat(64 * 1024)]]))).refused).toBe("malformed");
    expect((await read(multipart([["a", "x".repeat(64 * 1024 - 1)]]))).refused).toBeNull();
  });

  it("never reads a body that is not multipart", async () => {
    const { request, pull } = unread({ "Content-Type": "application/x-www-form-urlencoded" });
    expect(summary(await read(request))).toEqual({ fields: {}, file: null, refused: null });
    expect(pull).not.toHaveBeenCalled();
  });

  it("gives up on a body that stops arriving", async () => {
    vi.useFakeTimers();
    const head = new TextEncoder().encode(
      '--x\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    );
    const request = new Request("http://localhost/", {
      method: "POST",
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(head);
        },
      }),
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    const result = read(request);
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await result).refused).toBe("tooSlow");
  });

  it("holds at most two uploads at once, until each is forwarded", async () => {
    let running = 0;
    let most = 0;
    const png = new File([new Uint8Array(PNG), new Uint8Array(1000)], "photo.png");
    const types = await Promise.all(
      Array.from({ length: 6 }, () =>
        readUpload(multipart([["file", png]]), { field: "file", types: PHOTO_TYPES }, async (upload) => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
          return upload.file?.type;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(types).toEqual(Array(6).fill("image/png"));
  });
});
