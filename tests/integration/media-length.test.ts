import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A video's or audio's length read from its file's header over HTTP (issue #29 item 2), from a
 * files host that is this file's own: the mock's real files, and the hostile ones a host could send.
 */

/** A WAV header: 16-bit mono PCM at `rate`, whose data chunk claims `dataBytes`. */
function wavHeader(rate: number, dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(Math.min(0xffffffff, 36 + dataBytes), 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

const HUGE_BYTES = 64 * 1024 * 1024;
const requests: string[] = [];
let hugeSent = 0;
let host: Server;

beforeAll(async () => {
  const video = readFileSync("mock/files/media/video-bienvenida.mp4");
  const audio = readFileSync("mock/files/media/podcast-auditoria.wav");
  host = createServer((request, response) => {
    const path = request.url ?? "";
    requests.push(path);
    const send = (body: Buffer, type: string) => {
      // A range from the start, as the app asks for, honoured.
      const end = Math.min(body.length, Number(/^bytes=0-(\d+)$/.exec(request.headers.range ?? "")?.[1] ?? body.length - 1) + 1);
      response.writeHead(request.headers.range ? 206 : 200, {
        "Content-Type": type,
        "Content-Length": end,
        ...(request.headers.range ? { "Content-Range": `bytes 0-${end - 1}/${body.length}` } : {}),
      });
      response.end(body.subarray(0, end));
    };
    if (path.endsWith("/video.mp4")) return send(video, "video/mp4");
    if (path.endsWith("/podcast.wav")) return send(audio, "audio/wav");
    if (path.endsWith("/garbage.mp4")) return send(Buffer.from("<html>not a video</html>".repeat(100)), "video/mp4");
    // A header claiming 4 GB of 1-byte-a-second audio: 136 years.
    if (path.endsWith("/centuries.wav")) return send(wavHeader(1, 0xffffffff - 100), "audio/wav");
    if (path.endsWith("/huge.wav")) {
      // A host that ignores Range and sends 64 MB (a 35-minute recording): the app reads its header only.
      response.writeHead(200, { "Content-Type": "audio/wav", "Content-Length": HUGE_BYTES });
      response.write(wavHeader(16_000, HUGE_BYTES - 44));
      const chunk = Buffer.alloc(64 * 1024);
      const more = () => {
        while (hugeSent < HUGE_BYTES && response.write(chunk)) hugeSent += chunk.length;
        if (hugeSent >= HUGE_BYTES) response.end();
      };
      response.on("drain", more);
      response.on("close", () => response.off("drain", more));
      more();
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  process.env.FILES_HOST_URL = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

afterAll(() => {
  host.closeAllConnections();
  host.close();
});

const lengthOf = async (src: string | null) => (await import("~/player/server/media-length.server")).mediaLengthMs(src);

describe("mediaLengthMs", () => {
  it("reads an MP4's and a WAV's length from their headers", async () => {
    expect(await lengthOf("/files/storage/media/video.mp4")).toBe(6023);
    expect(await lengthOf("/files/storage/media/podcast.wav")).toBe(3000);
  });

  it("reads each file once: the next player asks the host nothing", async () => {
    const before = requests.length;
    expect(await Promise.all([lengthOf("/files/storage/media/video.mp4"), lengthOf("/files/storage/media/video.mp4")])).toEqual([
      6023, 6023,
    ]);
    expect(requests.length).toBe(before);
  });

  it("says nothing (the activity's duration applies) for a file that is missing, not media, or claims centuries", async () => {
    expect(await lengthOf("/files/storage/media/missing.mp4")).toBeNull();
    expect(await lengthOf("/files/storage/media/garbage.mp4")).toBeNull();
    expect(await lengthOf("/files/storage/media/centuries.wav")).toBeNull();
  });

  it("asks nothing of any other host, nor outside the files host's media folders", async () => {
    const before = requests.length;
    expect(await lengthOf("https://cdn.example.invalid/video.mp4")).toBeNull();
    expect(await lengthOf("/files/../secret.mp4")).toBeNull();
    expect(await lengthOf("/files/__mock/outbox")).toBeNull();
    expect(await lengthOf(null)).toBeNull();
    expect(requests.length).toBe(before);
  });

  it("reads a header only, from a host that ignores Range and sends 64 MB", async () => {
    expect(await lengthOf("/files/storage/media/huge.wav")).toBe(Math.round(((HUGE_BYTES - 44) / 32_000) * 1000));
    // What the host managed to push into the socket's buffers before the app hung up: far from 64 MB.
    expect(hugeSent).toBeLessThan(16 * 1024 * 1024);
  });

  it("says nothing when the files host is down, and asks again later", async () => {
    await new Promise<void>((resolve) => {
      host.closeAllConnections();
      host.close(() => resolve());
    });
    expect(await lengthOf("/files/storage/media/podcast-again.wav")).toBeNull();
  });
});
