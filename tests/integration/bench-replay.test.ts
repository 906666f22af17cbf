import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The bench's replay server (bench/lib/replay-server.mjs, decision 042): it records an upstream's
 * replies, then answers from memory only, keyed by method, path, body, token and language.
 */
let upstream: Server;
let upstreamHits = 0;
let replay: ChildProcess;
let origin = "";

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  probe.close();
  return port;
}

beforeAll(async () => {
  upstream = createServer((request, response) => {
    upstreamHits++;
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json", "x-not-kept": "1" });
      response.end(JSON.stringify({ hit: upstreamHits, path: request.url, auth: request.headers.authorization ?? null, body }));
    });
  }).listen(0, "127.0.0.1");
  await once(upstream, "listening");
  const port = await freePort();
  replay = spawn(process.execPath, ["bench/lib/replay-server.mjs"], {
    env: { ...process.env, UPSTREAM: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await once(replay.stdout!, "data");
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  replay.kill("SIGTERM");
  upstream.close();
});

const get = (path: string, token: string) => fetch(`${origin}${path}`, { headers: { Authorization: `Bearer ${token}` } });
const post = (path: string, body: string) => fetch(`${origin}${path}`, { method: "POST", body });

describe("bench replay server", () => {
  it("records through the upstream, then answers the same requests from memory only", async () => {
    const recorded = await (await get("/v1/api/home?x=1", "ana")).json();
    await post("/v1/api/auth/login", '{"email":"ana"}');
    expect(upstreamHits).toBe(2);

    expect((await (await fetch(`${origin}/__replay/freeze`, { method: "POST" })).json()).replies).toBe(2);
    const replayed = await get("/v1/api/home?x=1", "ana");
    expect(replayed.headers.get("content-type")).toBe("application/json");
    expect(replayed.headers.get("x-not-kept")).toBeNull();
    expect(await replayed.json()).toEqual(recorded);
    expect((await post("/v1/api/auth/login", '{"email":"ana"}')).status).toBe(200);
    expect(upstreamHits).toBe(2);
  });

  it("answers 599 to what it never recorded: another token, query or body", async () => {
    expect((await get("/v1/api/home?x=1", "luis")).status).toBe(599);
    expect((await get("/v1/api/home?x=2", "ana")).status).toBe(599);
    expect((await post("/v1/api/auth/login", '{"email":"luis"}')).status).toBe(599);
    const stats = await (await fetch(`${origin}/__replay/stats`)).json();
    expect(stats).toMatchObject({ frozen: true, replies: 2 });
    expect(stats.misses).toEqual(["GET /v1/api/home?x=1", "GET /v1/api/home?x=2", "POST /v1/api/auth/login"]);
    expect(upstreamHits).toBe(2);
  });
});
