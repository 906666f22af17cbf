import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BodyTooLarge, readCapped, upstream } from "./upstream.server";

let connections = 0;
const host = createServer((request, response) => {
  if (request.url === "/redirect") return response.writeHead(302, { Location: "/file" }).end();
  response
    .writeHead(200, { "Content-Type": "text/html", "Content-Length": "5" })
    .end(request.method === "HEAD" ? undefined : "hello");
});
host.on("connection", () => (connections += 1));
let origin = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(() => {
  host.closeAllConnections();
  host.close();
});

const text = async (body: AsyncIterable<Uint8Array>) => {
  let read = "";
  for await (const chunk of body) read += Buffer.from(chunk).toString();
  return read;
};

it("keeps its connections across HEADs (undici would close one after each HEAD)", async () => {
  const send = async (method: "GET" | "HEAD") => {
    const reply = await upstream.send(`${origin}/file`, { method, headers: {}, signal: AbortSignal.timeout(2_000) });
    expect([reply.status, await text(reply.body)]).toEqual([200, method === "GET" ? "hello" : ""]);
  };
  // undici opens a second connection while it waits a turn before reusing the first.
  await send("GET");
  await send("GET");
  const opened = connections;
  for (const method of ["HEAD", "GET", "HEAD", "HEAD", "GET"] as const) await send(method);
  expect(connections).toBe(opened);
});

it("does not follow a redirect", async () => {
  const reply = await upstream.send(`${origin}/redirect`, { method: "GET", headers: {}, signal: AbortSignal.timeout(2_000) });
  expect(reply.status).toBe(302);
  await text(reply.body);
});

it("reads a web stream up to its limit, and past it stops reading and cancels it", async () => {
  let cancelled = false;
  let pulled = 0;
  const endless = () =>
    new ReadableStream<Uint8Array>({
      pull: (controller) => {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
      cancel: () => {
        cancelled = true;
      },
    });
  await expect(readCapped(endless(), 10 * 1024)).rejects.toBeInstanceOf(BodyTooLarge);
  expect(cancelled).toBe(true);
  expect(pulled).toBeLessThan(14);
  const whole = new Response("hello").body;
  expect((await readCapped(whole!, 5)).toString()).toBe("hello");
});
