import { Agent, type Dispatcher, request } from "undici";

/** A call to a host the server reads (the legacy API, the files host), and its reply: a status and the body's bytes. */
export type UpstreamRequest = {
  method: "GET" | "HEAD" | "POST";
  headers: Record<string, string>;
  body?: Dispatcher.RequestOptions["body"];
  signal: AbortSignal;
};
export type UpstreamReply = { status: number; body: AsyncIterable<Uint8Array> };

const agent = new Agent();

/**
 * Where the legacy client's calls and the files host's HEADs and SCORM manifests meet the network:
 * undici's `request`, not `fetch`, the same client without the WHATWG objects (Request, Response, a
 * web stream per body) fetch builds around it (decision 073), on connections kept alive. A
 * redirect is not followed. undici closes a connection after a HEAD, for servers that answer one
 * with a body; neither host does, and a new connection per player document cost more than its
 * HEAD. Tests spy on `send` to play a host that fails, hangs or answers garbage.
 */
export const upstream = {
  async send(url: string, init: UpstreamRequest): Promise<UpstreamReply> {
    const { statusCode, body } = await request(url, { ...init, dispatcher: agent, reset: false });
    return { status: statusCode, body };
  },
};

/** Thrown by `readCapped` once a body passes its limit. */
export class BodyTooLarge extends Error {}

/**
 * A body's bytes, refused past `limit` however it is sent (declared or chunked: counted as they
 * arrive). Leaving the loop (the throw) ends the body's stream and frees its connection. A web
 * stream (fetch's `Response.body`) is an async iterable in Node; the DOM's types do not say so.
 */
export async function readCapped(body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>, limit: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** Reads and drops a body no one wants (an error page): a short one frees its connection, a longer one is cut. */
export async function discard(body: AsyncIterable<Uint8Array>, limit = 64 * 1024): Promise<void> {
  await readCapped(body, limit).catch(() => undefined);
}
