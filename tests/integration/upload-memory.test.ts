import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withEmbeddedDefaults } from "../../server/config";
import { startLegacy } from "./helpers";

/**
 * Uploads against the built app over real HTTP, in its own process (build/bin/serve.js, as in
 * production), so its memory can be measured apart from the test and the mock legacy API.
 */
const MiB = 1024 * 1024;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let legacy: Awaited<ReturnType<typeof startLegacy>>;
let app: ChildProcess;
let origin: string;
let cookie: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The resident memory of the app process, in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line?.[1]) throw new Error("no VmRSS");
  return Number(line[1]) * 1024;
}

function png(size: number): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_SIGNATURE);
  return new File([bytes], "photo.png", { type: "image/png" });
}

async function upload(file: File): Promise<{ status: number; html: string }> {
  const body = new FormData();
  body.set("file", file);
  const response = await fetch(`${origin}/profile/photo`, { method: "POST", body, headers: { Cookie: cookie } });
  return { status: response.status, html: await response.text() };
}

/**
 * A multipart upload of a PNG of `size` bytes whose body sends all but its last 64 KiB, then
 * waits for `gate` before finishing.
 */
async function stalledUpload(size: number, gate: Promise<void>): Promise<number> {
  const boundary = `----upload${crypto.randomUUID()}`;
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const chunk = 64 * 1024;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === 0) controller.enqueue(head);
      if (sent >= size) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      if (sent + chunk >= size) await gate;
      const bytes = new Uint8Array(Math.min(chunk, size - sent));
      if (sent === 0) bytes.set(PNG_SIGNATURE);
      controller.enqueue(bytes);
      sent += bytes.byteLength;
    },
  });
  const response = await fetch(`${origin}/profile/photo`, {
    method: "POST",
    body,
    duplex: "half",
    headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
  } as RequestInit);
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  execFileSync(process.execPath, ["-e", "import('./scripts/ensure-build.mjs').then((m) => m.ensureBuild())"], {
    stdio: "ignore",
    timeout: 240_000,
    env: { ...process.env, NODE_ENV: "production" },
  });
  legacy = await startLegacy();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  app = spawn(process.execPath, ["build/bin/serve.js"], {
    env: {
      ...withEmbeddedDefaults(
        { PATH: process.env.PATH, PORT: String(port), LOG_LEVEL: "silent", LEGACY_APP_KEY: "test-app-key-0123" },
        legacy.origin,
      ),
      NODE_ENV: "production",
    },
    stdio: "ignore",
  });
  for (let attempt = 0; ; attempt++) {
    const up = await fetch(`${origin}/healthz`).then((response) => response.ok, () => false);
    if (up) break;
    if (attempt > 200) throw new Error("the app did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const login = await fetch(`${origin}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: "ana.martinez@academia.test", password: "Academia2026!" }),
    redirect: "manual",
  });
  cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}, 300_000);

afterAll(async () => {
  app?.kill("SIGTERM");
  await legacy?.close();
});

describe("photo uploads over HTTP", () => {
  it("takes exactly 4 MiB and answers 4 MiB + 1 byte, or a larger declared body, with 413 and the message", async () => {
    const exact = await upload(png(4 * MiB));
    expect(exact.status).toBe(200);
    expect(exact.html).toContain("¡Fotografía cargada con éxito!");
    for (const size of [4 * MiB + 1, 8 * MiB]) {
      const refused = await upload(png(size));
      expect(refused.status).toBe(413);
      expect(refused.html).toContain("El archivo no debe superar los 4 MB");
    }
  }, 60_000);

  it("keeps the app's memory bounded while 50 uploads of 4 MiB are in flight at once", async () => {
    const pid = app.pid;
    if (!pid) throw new Error("no app process");
    await upload(png(MiB));
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 20);
    // Every body stops short of its end until all 50 have had time to send what the app would
    // take: an app that buffered them all would hold 50 × ~4 MiB at once.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const uploads = Array.from({ length: 50 }, () => stalledUpload(4 * MiB, gate));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    release();
    const statuses = await Promise.all(uploads);
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    expect(statuses).toEqual(Array(50).fill(200));
    expect(Math.round((peak - baseline) / MiB), "RSS growth in MiB").toBeLessThan(220);
  }, 120_000);
});
