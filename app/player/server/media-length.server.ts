import { LRUCache } from "lru-cache";
import { parseWebStream } from "music-metadata";
import { filesHostUrl } from "~/infra/files-host.server";
import { log } from "~/infra/log.server";

/**
 * How long a video or audio file plays, read from its header with music-metadata (issue #29 item
 * 2): the player without JavaScript cannot hear `ended`, so 'Marcar como terminado' waits the
 * media's real length where the file tells it, and the activity's duration where it does not.
 */

/** What is read of a file: a WAV, MP3, Ogg or WebM header, or an MP4 whose index comes first (`faststart`). */
export const MEDIA_HEADER_BYTES = 512 * 1024;
const TIMEOUT_MS = 3_000;
/** Longer than any lesson: a header claiming more is not believed. */
const MAX_LENGTH_MS = 24 * 60 * 60 * 1000;

// One read per file per process at a time, and its answer kept a while: a file's length does not change.
const lengths = new LRUCache<string, Promise<number | null>>({ max: 500, ttl: 60 * 60 * 1000 });

/** The media's length in ms, or null when it is not on the files host, not reachable, or its header does not say. */
export function mediaLengthMs(src: string | null): Promise<number | null> {
  if (!src?.startsWith("/files/")) return Promise.resolve(null);
  let url: URL | null;
  try {
    const { pathname, search } = new URL(src, "http://app.invalid/");
    url = filesHostUrl(decodeURIComponent(pathname.replace(/^\/files\//, "")), search);
  } catch {
    url = null;
  }
  if (!url) return Promise.resolve(null);
  const key = url.href;
  const known = lengths.get(key);
  if (known) return known;
  const read = readLength(url).catch((error: unknown) => {
    log.info("media length not read: the activity's duration applies", { url: key, reason: String(error) });
    // A failure is not kept: the files host may answer next time.
    lengths.delete(key);
    return null;
  });
  lengths.set(key, read);
  return read;
}

async function readLength(url: URL): Promise<number | null> {
  const response = await fetch(url, {
    headers: { Range: `bytes=0-${MEDIA_HEADER_BYTES - 1}` },
    redirect: "error",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new Error(`the files host answered ${response.status}`);
  }
  // Content-Range's total when the host honoured the range; the whole body's length when it did not.
  // The parser is told the file's real size: a WAV's or a constant-rate MP3's length is counted from it.
  const total = Number(
    /\/(\d+)$/.exec(response.headers.get("Content-Range") ?? "")?.[1] ?? response.headers.get("Content-Length"),
  );
  const type = response.headers.get("Content-Type")?.split(";")[0]?.trim() ?? undefined;
  const { format } = await parseWebStream(
    response.body.pipeThrough(firstBytes(MEDIA_HEADER_BYTES)),
    { mimeType: type, size: Number.isFinite(total) && total > 0 ? total : undefined },
    { duration: false, skipCovers: true, skipPostHeaders: true },
  );
  const ms = (format.duration ?? 0) * 1000;
  return Number.isFinite(ms) && ms > 0 && ms <= MAX_LENGTH_MS ? Math.round(ms) : null;
}

/** At most `limit` bytes of a body (a host that ignores Range sends the whole file); the rest is never read. */
function firstBytes(limit: number): TransformStream<Uint8Array, Uint8Array> {
  let left = limit;
  return new TransformStream({
    transform(chunk, controller) {
      controller.enqueue(chunk.subarray(0, left));
      left -= Math.min(left, chunk.byteLength);
      if (left === 0) controller.terminate();
    },
  });
}
