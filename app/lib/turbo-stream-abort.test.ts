import { decode, encode } from "turbo-stream";
import { afterEach, describe, expect, it } from "vitest";

/**
 * A data request (`.data`, turbo-stream) whose body is cut short after its first line: the router
 * aborts the fetch of a revalidation that a navigation interrupts (× on a player that was writing).
 * Remix reads the first line's value and never awaits `done`; unpatched, the decoder then left two
 * rejections no one observed, which the browser reports as uncaught errors
 * (patches/turbo-stream+*.patch, decision 085).
 */
const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off("unhandledRejection", record);
  unhandled.length = 0;
});

/** The encoded `value`'s first line, then an abort, as Chromium's fetch reports it. */
async function cutShort(value: unknown) {
  const firstLine = await new Response(encode(value)).text();
  let reads = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      reads += 1;
      if (reads === 1) controller.enqueue(new TextEncoder().encode(firstLine));
      else {
        await new Promise((resolve) => setTimeout(resolve, 5));
        controller.error(new DOMException("BodyStreamBuffer was aborted", "AbortError"));
      }
    },
  });
}

describe("a data request's body cut short after its first line", () => {
  it("gives its value and leaves no rejection unobserved", async () => {
    process.on("unhandledRejection", record);
    const decoded = await decode(await cutShort({ points: 10 }));
    expect(decoded.value).toEqual({ points: 10 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
  });

  it("still rejects `done` for whoever awaits it", async () => {
    const decoded = await decode(await cutShort({ points: 10 }));
    await expect(decoded.done).rejects.toThrow("BodyStreamBuffer was aborted");
  });
});
