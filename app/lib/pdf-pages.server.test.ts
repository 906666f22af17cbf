import { describe, expect, it, vi } from "vitest";
import { pageImage, PdfError } from "./pdf-pages.server";

/** The bounds of the PDF renderer, against a stubbed files host (FILES_HOST_URL is http://files.test). */

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "drawn",
    (error: unknown) => (error instanceof PdfError ? error.reason : String(error)),
  );

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

describe("pageImage", () => {
  it("refuses a file that declares more than 20 MiB without reading it", async () => {
    const { body, read } = endless();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(body, { headers: { "Content-Length": String(20 * MiB + 1) } }));
    expect(await outcome(pageImage("big/declared.pdf", 1, 720, "png"))).toBe("tooLarge");
    expect(read.bytes).toBeLessThanOrEqual(2 * MiB);
  });

  it("stops reading a file that streams past 20 MiB", async () => {
    const { body, read } = endless();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(body));
    expect(await outcome(pageImage("big/streamed.pdf", 1, 720, "png"))).toBe("tooLarge");
    expect(read.bytes).toBeLessThanOrEqual(23 * MiB);
  });

  it("tells a missing file from an upstream that failed or could not be reached", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    fetch.mockResolvedValueOnce(new Response("no", { status: 404 }));
    expect(await outcome(pageImage("up/missing.pdf", 1, 720, "png"))).toBe("missing");
    fetch.mockResolvedValueOnce(new Response("oops", { status: 500 }));
    expect(await outcome(pageImage("up/failing.pdf", 1, 720, "png"))).toBe("unreachable");
    fetch.mockRejectedValueOnce(new TypeError("fetch failed"));
    expect(await outcome(pageImage("up/down.pdf", 1, 720, "png"))).toBe("unreachable");
  });

  it("does not keep a failure: the next request asks the files host again", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("no", { status: 404 }));
    expect(await outcome(pageImage("again/a.pdf", 1, 720, "png"))).toBe("missing");
    expect(await outcome(pageImage("again/a.pdf", 1, 720, "png"))).toBe("missing");
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("works on two files at once, lets 16 more wait and refuses the next", async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      await gate;
      return new Response("no", { status: 404 });
    });
    const queued = Array.from({ length: 18 }, (_, index) => outcome(pageImage(`busy/${index}.pdf`, 1, 360, "webp")));
    expect(await outcome(pageImage("busy/18.pdf", 1, 360, "webp"))).toBe("busy");
    expect(fetch).toHaveBeenCalledTimes(2);
    open();
    expect(await Promise.all(queued)).toEqual(Array(18).fill("missing"));
    expect(fetch).toHaveBeenCalledTimes(18);
  });
});
