import { PassThrough, type Transform } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createDocumentStream } from "./document-stream.server";

/** Many short accented texts after `shift` ASCII bytes, so that some straddle every 2048th byte. */
const page = (shift: number) => (
  <div>
    {"x".repeat(shift)}
    {Array.from({ length: 1500 }, (_, i) => (
      <span key={i}>añó</span>
    ))}
  </div>
);

async function render(shift: number, body: Transform | PassThrough, chunks: Buffer[] = []) {
  body.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => body.on("end", resolve));
  const { pipe } = renderToPipeableStream(page(shift), { onAllReady: () => pipe(body) });
  await ended;
  return Buffer.concat(chunks);
}

/**
 * React's Node renderer as the server loads it, patched (patches/react-dom+*.patch, decision 078):
 * these fail if the dependency moves and the patch no longer applies.
 */
describe("React's document writes (patched react-dom/server)", () => {
  it.each([0, 1, 2])("are the page's HTML, with no NUL where a character meets a 2048th byte (shift %d)", async (shift) => {
    const output = await render(shift, new PassThrough());
    expect(output.includes(0)).toBe(false);
    expect(output.toString("utf8")).toBe(renderToString(page(shift)));
  });

  it("are strings joined up to 16,384 characters, not one write per 2048-byte view", async () => {
    const writes: unknown[] = [];
    const destination = new PassThrough({ decodeStrings: false });
    const write = destination.write.bind(destination);
    destination.write = ((chunk: unknown, ...rest: []) => {
      writes.push(chunk);
      return write(chunk as string, ...rest);
    }) as typeof destination.write;
    const output = await render(0, destination);
    expect(output.length).toBeGreaterThan(4 * 2048);
    expect(writes.every((chunk) => typeof chunk === "string")).toBe(true);
    expect(writes.length).toBeLessThanOrEqual(Math.ceil(output.length / 16_384) + 1);
  });
});

describe("the document stream", () => {
  it("passes what React writes in one go as one chunk, every byte of it", async () => {
    const alone: Buffer[] = [];
    await render(0, new PassThrough(), alone);
    const chunks: Buffer[] = [];
    await render(0, createDocumentStream(), chunks);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.toString("utf8")).toBe(Buffer.concat(alone).toString("utf8"));
  });
});
