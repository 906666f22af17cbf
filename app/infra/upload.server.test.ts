import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CERTIFICATE_TYPES, type FileType, MAX_UPLOAD_BYTES, PHOTO_TYPES } from "~/lib/upload-rules";
import { png, pngThenHtml } from "../../tests/png";
import { readUpload, type Upload } from "./upload.server";

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

const read = (request: Request, types: readonly FileType[] = CERTIFICATE_TYPES, user = 1) =>
  readUpload(request, { field: "file", types, user }, async (upload) => upload);

/** A multipart request whose body sends `head`, then one more byte every `everyMs` (never its end). */
function trickling(head: string, everyMs: number) {
  return new Request("http://localhost/", {
    method: "POST",
    body: new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
      },
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, everyMs));
        controller.enqueue(new Uint8Array([0]));
      },
    }),
    headers: { "Content-Type": "multipart/form-data; boundary=x" },
    duplex: "half",
  } as RequestInit);
}
const PNG_HEAD =
  '--x\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';

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
    const upload = await read(
      multipart([
        ["name", "Auditoría"],
        ["file", pdf(MAX_UPLOAD_BYTES)],
      ]),
    );
    expect(summary(upload)).toEqual({
      fields: { name: "Auditoría" },
      file: { size: MAX_UPLOAD_BYTES, type: "application/pdf" },
      refused: null,
    });
    expect(summary(await read(multipart([["file", pdf(100)]]), PHOTO_TYPES))).toMatchObject({ file: null, refused: "wrongType" });
  });

  it("refuses one byte more and still gives back the text sent before the file", async () => {
    const upload = await read(
      multipart([
        ["name", "Auditoría"],
        ["file", pdf(MAX_UPLOAD_BYTES + 1)],
      ]),
    );
    expect(summary(upload)).toEqual({ fields: { name: "Auditoría" }, file: null, refused: "tooLarge" });
  });

  it("a body declared far past the limit is read only for its text, up to the file", async () => {
    const upload = await read(
      multipart(
        [
          ["name", "ISACA"],
          ["file", pdf(100)],
        ],
        { "Content-Length": String(10 * MAX_UPLOAD_BYTES) },
      ),
    );
    expect(summary(upload)).toEqual({ fields: { name: "ISACA" }, file: null, refused: "tooLarge" });
  });

  it("an empty file input is no file and no text field", async () => {
    const upload = await read(
      multipart([
        ["name", "ISACA"],
        ["file", new File([], "")],
      ]),
    );
    expect(summary(upload)).toEqual({ fields: { name: "ISACA" }, file: null, refused: null });
  });

  it("accepts one file part only, in its field, and at most 64 KiB of text", async () => {
    expect(
      (
        await read(
          multipart([
            ["file", pdf(100)],
            ["file", pdf(100)],
          ]),
        )
      ).refused,
    ).toBe("malformed");
    expect((await read(multipart([["other", pdf(100)]]))).refused).toBe("malformed");
    expect((await read(multipart([["a", "x".repeat(64 * 1024)]]))).refused).toBe("malformed");
    expect((await read(multipart([["a", "x".repeat(64 * 1024 - 1)]]))).refused).toBeNull();
  });

  it("never reads a body that is not multipart", async () => {
    const { request, pull } = unread({ "Content-Type": "application/x-www-form-urlencoded" });
    expect(summary(await read(request))).toEqual({ fields: {}, file: null, refused: null });
    expect(pull).not.toHaveBeenCalled();
  });

  it("gives up on a body that sends nothing for 10 s, and on one still arriving after 60 s", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const idle = read(trickling(PNG_HEAD, 60_000));
    await vi.advanceTimersByTimeAsync(9_900);
    let settled = false;
    void idle.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect((await idle).refused).toBe("tooSlow");

    const slow = read(trickling(PNG_HEAD, 5_000), PHOTO_TYPES, 2);
    // A second at a time: the parser calls back on the real event loop between the byte and the next read.
    for (let second = 0; second <= 60; second++) {
      await vi.advanceTimersByTimeAsync(1000);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await slow).refused).toBe("tooSlow");
  });

  it("takes any file name (never kept): semicolons, equals signs, quotes, line breaks, unicode, 300 characters", async () => {
    const names = [
      "a;b.pdf",
      "x=1.pdf",
      'say "hi".pdf',
      "it's.pdf",
      "line\nbreak.pdf",
      "carriage\rreturn.pdf",
      "título ñ 証明書 🎓.pdf",
      `${"n".repeat(296)}.pdf`,
    ];
    for (const name of names) {
      const upload = await read(
        multipart([
          ["name", "ISACA"],
          ["file", new File([await pdf(100).arrayBuffer()], name)],
        ]),
      );
      expect(summary(upload), name).toEqual({
        fields: { name: "ISACA" },
        file: { size: 100, type: "application/pdf" },
        refused: null,
      });
    }
  });

  it("stores images as a clean copy, and refuses a PNG signature before HTML or a 30000 × 30000 PNG", async () => {
    const page = "<script>alert(1)</script>";
    const tainted = new File([png(32, 32), page], "photo.png");
    const upload = await read(multipart([["file", tainted]]), PHOTO_TYPES);
    expect(upload.file?.type).toBe("image/png");
    const stored = Buffer.from((await upload.file?.blob.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(stored.includes(page)).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: "png", width: 32, height: 32 });

    expect((await read(multipart([["file", new File([pngThenHtml], "photo.png")]]))).refused).toBe("wrongType");
    expect((await read(multipart([["file", new File([png(30000, 30000)], "cert.png")]]))).refused).toBe("tooManyPixels");
  });

  it("holds at most two uploads of one user at once, until each is forwarded, and eight in all", async () => {
    const photo = png(8, 8);
    let running = 0;
    let most = 0;
    let release = () => {};
    let gate = Promise.resolve();
    const upload = (user: number) =>
      readUpload(
        multipart([["file", new File([photo], "photo.png")]]),
        { field: "file", types: PHOTO_TYPES, user },
        async (upload) => {
          running++;
          most = Math.max(most, running);
          await gate;
          running--;
          return upload.file?.type;
        },
      );
    /** Starts `users.length` uploads, checks that `expected` hold a slot together and no more, then lets them all finish. */
    async function holding(users: number[], expected: number) {
      most = 0;
      gate = new Promise((resolve) => {
        release = resolve;
      });
      const uploads = Promise.all(users.map(upload));
      await vi.waitFor(() => expect(running).toBe(expected));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(most).toBe(expected);
      release();
      expect(await uploads).toEqual(Array(users.length).fill("image/png"));
    }
    await holding([1, 1, 1, 1, 1, 1], 2);
    await holding(
      Array.from({ length: 24 }, (_, index) => index % 12),
      8,
    );
  });
});
