import Busboy from "@fastify/busboy";
import type { HeadersFunction } from "@remix-run/node";
import pLimit, { type LimitFunction } from "p-limit";
import { type FileType, MAX_UPLOAD_BYTES, typeOf } from "~/lib/upload-rules";
import { getConfig } from "./config.server";
import { cleanImage } from "./image.server";
import { slotsGaugeOf } from "./metrics.server";

/** The text fields of an upload form together, names and values: far past any form's own rules. */
const MAX_TEXT_BYTES = 64 * 1024;
/** Room for the multipart boundaries and part headers around the file and the text fields. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
/** Parts of one form, text and file: the largest form has seven. */
const MAX_PARTS = 50;
/**
 * Uploads buffered at once in this process, each in a 4 MiB slot buffer; the others wait with
 * their bodies unread (TCP holds them back), so memory stays near this many times the limit.
 */
const MAX_CONCURRENT_UPLOADS = 8;
/** Of those, one signed-in user's at once: a user's own trickling uploads wait for each other, nobody else's. */
const MAX_UPLOADS_PER_USER = 2;
/** However steadily it arrives, a body that takes longer gives its slot back (408). */
const UPLOAD_DEADLINE_MS = 60_000;

export type UploadRefusal = "tooLarge" | "wrongType" | "tooManyPixels" | "tooSlow" | "malformed";

const refusalStatus: Record<UploadRefusal, number> = {
  tooLarge: 413,
  wrongType: 415,
  tooManyPixels: 422,
  tooSlow: 408,
  malformed: 400,
};

/**
 * The status and headers a refused upload is answered with. A body too slow is not waited for:
 * the connection is closed after the answer. The others keep it (a client still sending would
 * get a reset instead of the answer).
 */
export function refusalInit(refused: UploadRefusal): ResponseInit {
  const status = refusalStatus[refused];
  return refused === "tooSlow" ? { status, headers: { Connection: "close" } } : { status };
}

/** The `headers` of an upload route: its parents' headers, and the `Connection: close` of a refusal. */
export const uploadHeaders: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const connection = actionHeaders.get("Connection");
  if (connection) headers.set("Connection", connection);
  return headers;
};

export interface Upload {
  /** The text fields, as far as they were read (all of them when the form sends the file last). */
  fields: FormData;
  /**
   * The one file, checked by size and content, images decoded and encoded again; null when none
   * was sent or it was refused. The user's file name is never kept: name it by `type`.
   */
  file: { blob: Blob; type: FileType } | null;
  refused: UploadRefusal | null;
}

class Refused extends Error {
  constructor(readonly reason: UploadRefusal) {
    super(reason);
  }
}

/** The next chunk of the body, or Refused('tooSlow') when none comes within `idleMs` or by `deadline`. */
async function nextChunk(reader: ReadableStreamDefaultReader<Uint8Array>, idleMs: number, deadline: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Refused("tooSlow")), Math.min(idleMs, deadline - performance.now()));
  });
  try {
    return await Promise.race([reader.read(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A multipart parser for the request's boundary; Refused('malformed') when it has none. */
function parserFor(request: Request) {
  try {
    return new Busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      limits: { fieldSize: MAX_TEXT_BYTES, files: 1, parts: MAX_PARTS },
    });
  } catch {
    throw new Refused("malformed");
  }
}

/**
 * Streams a multipart body: text parts are kept up to MAX_TEXT_BYTES in all, the one file part
 * `field` is copied chunk by chunk into `buffer` (no buffer: any byte of a file is too many), and
 * reading stops at the first thing past a rule, so nothing beyond it is ever held. Returns the
 * file's bytes (a view of `buffer`), null when no file was sent.
 */
async function readParts(
  request: Request,
  field: string,
  buffer: Uint8Array<ArrayBuffer> | null,
  fields: FormData,
): Promise<Uint8Array<ArrayBuffer> | null> {
  let refused: Refused | null = null;
  const refuse = (reason: UploadRefusal) => {
    refused ??= new Refused(reason);
  };
  let textBytes = 0;
  let fileSeen = false;
  let size = 0;
  const parser = parserFor(request);
  parser.on("field", (name, value, nameTruncated, valueTruncated) => {
    textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (nameTruncated || valueTruncated || textBytes > MAX_TEXT_BYTES) refuse("malformed");
    // An empty file input may arrive without a file name: it is no text field.
    else if (name !== field) fields.append(name, value);
  });
  parser.on("file", (name, stream) => {
    stream.on("error", () => refuse("malformed"));
    if (name !== field || fileSeen) {
      stream.resume();
      return refuse("malformed");
    }
    fileSeen = true;
    stream.on("data", (chunk: Buffer) => {
      if (refused) return;
      if (!buffer || size + chunk.byteLength > buffer.byteLength) return refuse("tooLarge");
      buffer.set(chunk, size);
      size += chunk.byteLength;
    });
  });
  for (const limit of ["partsLimit", "filesLimit", "fieldsLimit"] as const) parser.on(limit, () => refuse("malformed"));
  const finished = new Promise<void>((resolve) => {
    parser.on("finish", resolve);
    parser.on("error", () => {
      refuse("malformed");
      resolve();
    });
  });

  if (!request.body) throw new Refused("malformed");
  const reader = request.body.getReader();
  const idleMs = getConfig().UPLOAD_IDLE_TIMEOUT_MS;
  const deadline = performance.now() + UPLOAD_DEADLINE_MS;
  try {
    for (;;) {
      const next = await nextChunk(reader, idleMs, deadline);
      if (next.done) break;
      // A parser that failed may never call back: its error settles `finished`.
      await Promise.race([new Promise<void>((resolve) => parser.write(next.value, () => resolve())), finished]);
      if (refused) throw refused;
    }
  } catch (error) {
    throw error instanceof Refused ? error : new Refused("malformed");
  } finally {
    // Released, not cancelled: cancelling destroys the socket the answer is still to be sent on.
    reader.releaseLock();
  }
  parser.end();
  await finished;
  if (refused) throw refused;
  return buffer && size > 0 ? buffer.subarray(0, size) : null;
}

const uploading = pLimit(MAX_CONCURRENT_UPLOADS);
slotsGaugeOf("academia_upload_slots", "Uploads holding one of the MAX_CONCURRENT_UPLOADS slots, and waiting for one", () => ({
  running: uploading.activeCount,
  waiting: uploading.pendingCount,
}));
/** One reusable buffer per upload slot: an upload allocates no 4 MiB of its own while it streams. */
const freeBuffers: Array<Uint8Array<ArrayBuffer>> = [];
const perUser = new Map<number, LimitFunction>();

/** Runs `work` once `user` has fewer than MAX_UPLOADS_PER_USER uploads going and a slot is free, with that slot's buffer. */
async function withUploadSlot<T>(user: number, work: (buffer: Uint8Array<ArrayBuffer>) => Promise<T>): Promise<T> {
  let own = perUser.get(user);
  if (!own) {
    own = pLimit(MAX_UPLOADS_PER_USER);
    perUser.set(user, own);
  }
  try {
    return await own(() =>
      uploading(async () => {
        const buffer = freeBuffers.pop() ?? new Uint8Array(MAX_UPLOAD_BYTES);
        try {
          return await work(buffer);
        } finally {
          freeBuffers.push(buffer);
        }
      }),
    );
  } finally {
    if (own.activeCount === 0 && own.pendingCount === 0) perUser.delete(user);
  }
}

async function readInto(
  request: Request,
  field: string,
  types: readonly FileType[],
  buffer: Uint8Array<ArrayBuffer> | null,
): Promise<Upload> {
  const fields = new FormData();
  try {
    const bytes = await readParts(request, field, buffer, fields);
    if (!bytes) return { fields, file: null, refused: null };
    // The size rule held while reading (the buffer is the limit); the type is known by content.
    const type = typeOf(bytes);
    if (!type || !types.includes(type)) return { fields, file: null, refused: "wrongType" };
    // PDFs are kept as sent; images are stored as a clean copy.
    if (type === "application/pdf") return { fields, file: { blob: new Blob([bytes]), type }, refused: null };
    const image = await cleanImage(bytes, type);
    return image.ok ? { fields, file: { blob: image.blob, type }, refused: null } : { fields, file: null, refused: image.reason };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { fields, file: null, refused: error.reason };
  }
}

/**
 * Reads a form with at most one file, in the part `field`, of one of `types`, and hands it to
 * `use` (which forwards it) while it holds one of `user`'s upload slots. The headers are checked
 * before a slot is taken: a body that is not multipart is never read, and one declared past the
 * limit is read only for its text fields (so the page can give them back) up to its file.
 */
export async function readUpload<T>(
  request: Request,
  { field, types, user }: { field: string; types: readonly FileType[]; user: number },
  handle: (upload: Upload) => Promise<T>,
): Promise<T> {
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return handle({ fields: new FormData(), file: null, refused: null });
  }
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_UPLOAD_BYTES + MAX_TEXT_BYTES + MULTIPART_OVERHEAD_BYTES) {
    return handle(await readInto(request, field, types, null));
  }
  return withUploadSlot(user, async (buffer) => handle(await readInto(request, field, types, buffer)));
}
