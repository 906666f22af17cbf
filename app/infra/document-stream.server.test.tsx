import { once } from "node:events";
import { PassThrough, Transform } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { createDocumentStream } from "./document-stream.server";

/** Renders many short accented texts after `shift` ASCII bytes, so one of them straddles a view. */
async function render(shift: number, body: Transform | PassThrough, chunks: Buffer[] = []) {
  body.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => body.on("end", resolve));
  const { pipe } = renderToPipeableStream(
    <div>
      {"x".repeat(shift)}
      {Array.from({ length: 1500 }, (_, i) => (
        <span key={i}>añó</span>
      ))}
    </div>,
    { onAllReady: () => pipe(body) },
  );
  await ended;
  return Buffer.concat(chunks);
}

describe("the document stream", () => {
  it("React 18 alone pads a view with NUL where a character does not fit (the bug it works around)", async () => {
    const outputs = await Promise.all([0, 1, 2].map((shift) => render(shift, new PassThrough())));
    expect(outputs.some((output) => output.includes(0))).toBe(true);
  });

  it.each([0, 1, 2])("passes every byte but that padding (shift %d)", async (shift) => {
    const output = await render(shift, createDocumentStream());
    expect(output.includes(0)).toBe(false);
    const html = output.toString("utf8");
    expect(html).not.toContain("\uFFFD");
    expect(html.match(/<span>añó<\/span>/g)).toHaveLength(1500);
  });

  it("passes what React writes in one go as one chunk (React alone: one per 2048-byte view)", async () => {
    const alone: Buffer[] = [];
    await render(0, new PassThrough(), alone);
    expect(alone.length).toBeGreaterThan(5);
    const chunks: Buffer[] = [];
    await render(0, createDocumentStream(), chunks);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.toString("utf8")).toBe(Buffer.concat(alone).toString("utf8").replaceAll("\0", ""));
  });

  it("is ended once: React's second end, when the stream closes, does not reach Node (which builds an error for it)", async () => {
    const end = vi.spyOn(Transform.prototype, "end");
    const body = createDocumentStream();
    const closed = once(body, "close");
    await render(0, body);
    await closed;
    await new Promise((resolve) => setImmediate(resolve));
    expect(end).toHaveBeenCalledTimes(1);
    end.mockRestore();
  });
});
