import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { isLoopbackHost, usePublicHost } from "./proxy";

/** An express app with `trust proxy` = `hops` that echoes the host and IP the app sees. */
async function echo(hops: number) {
  const app = express();
  app.set("trust proxy", hops);
  app.use(usePublicHost);
  app.get("/", (req, res) =>
    res.json({ host: req.headers.host ?? null, forwarded: req.headers["x-forwarded-host"] ?? null, ip: req.ip }),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (headers: Record<string, string>) => (await fetch(origin, { headers })).json();
}

const servers: Array<ReturnType<ReturnType<typeof express>["listen"]>> = [];
afterAll(() => servers.forEach((server) => server.close()));

describe("usePublicHost", () => {
  it("behind a trusted proxy, takes X-Forwarded-Host exactly, port included, and drops the header", async () => {
    const get = await echo(1);
    expect(await get({ "X-Forwarded-Host": "app.example.com:8443" })).toMatchObject({
      host: "app.example.com:8443",
      forwarded: null,
    });
    expect(await get({ "X-Forwarded-Host": "app.example.com, inner.local" })).toMatchObject({ host: "app.example.com" });
  });

  it("with no trusted proxy, ignores X-Forwarded-Host and keeps Host", async () => {
    const get = await echo(0);
    const seen = (await get({ "X-Forwarded-Host": "evil.example" })) as { host: string; forwarded: null };
    expect(seen.host).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(seen.forwarded).toBeNull();
  });

  it("takes the client IP the last trusted proxy appended, whatever the client wrote before it", async () => {
    expect(await echo(1).then((get) => get({ "X-Forwarded-For": "1.1.1.1, 2.2.2.2" }))).toMatchObject({ ip: "2.2.2.2" });
    expect(await echo(2).then((get) => get({ "X-Forwarded-For": "1.1.1.1, 2.2.2.2" }))).toMatchObject({ ip: "1.1.1.1" });
    expect(await echo(0).then((get) => get({ "X-Forwarded-For": "1.1.1.1" }))).toMatchObject({ ip: "127.0.0.1" });
  });
});

describe("isLoopbackHost", () => {
  it.each(["localhost", "localhost:3000", "127.0.0.1:8080", "127.1.2.3", "[::1]:3000", "app.localhost"])(
    "%s is loopback",
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );
  it.each(["academia.example.com", "10.0.0.5:3000", "127.0.0.1.evil.example", "", undefined])("%s is not", (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});
