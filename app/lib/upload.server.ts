import { unstable_parseMultipartFormData as parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { checkFile, type FileType, MAX_UPLOAD_BYTES } from "./upload-rules";

/** The text fields of an upload form together, names and values: far past any form's own rules. */
const MAX_TEXT_BYTES = 64 * 1024;
/** Room for the multipart boundaries and part headers around the file and the text fields. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
/**
 * Uploads buffered at once in this process; the others wait with their bodies unread (TCP holds
 * them back), so memory stays near this many times the limit however many arrive together.
 */
const MAX_CONCURRENT_UPLOADS = 2;
/** A slot is given back after this long, so a client that trickles its body cannot hold it. */
const UPLOAD_DEADLINE_MS = 60_000;

export type UploadRefusal = "tooLarge" | "wrongType" | "tooSlow" | "malformed";

/** The HTTP status each refusal is answered with. */
export const refusalStatus: Record<UploadRefusal, number> = { tooLarge: 413, wrongType: 415, tooSlow: 408, malformed: 400 };

export interface Upload {
  /** The text fields, as far as they were read (all of them when the form sends the file last). */
  fields: FormData;
  /** The one file, checked by size and content; null when none was sent or it was refused. */
  file: { blob: Blob; type: FileType } | null;
  refused: UploadRefusal | null;
}

class Refused extends Error {
  constructor(readonly reason: UploadRefusal) {
    super(reason);
  }
}

/** The chunks of a part, or Refused('tooSlow') once `late` settles first. */
async function* within(data: AsyncIterable<Uint8Array>, late: Promise<never>): AsyncGenerator<Uint8Array> {
  const chunks = data[Symbol.asyncIterator]();
  for (let next = await Promise.race([chunks.next(), late]); !next.done; next = await Promise.race([chunks.next(), late])) {
    yield next.value;
  }
}

/**
 * Streams a multipart body: text parts are kept up to MAX_TEXT_BYTES in all, the one file part
 * `field` is copied chunk by chunk into `buffer` (no buffer: any byte of a file is too many), and
 * reading stops at the first thing past a rule, so nothing beyond it is ever held.
 */
async function readParts(request: Request, field: string, buffer: Uint8Array<ArrayBuffer> | null, fields: FormData) {
  let textBytes = 0;
  let fileSeen = false;
  let file: Blob | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Refused("tooSlow")), UPLOAD_DEADLINE_MS);
  });
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (filename === undefined) {
      const decoder = new TextDecoder();
      let value = "";
      textBytes += name.length;
      for await (const chunk of within(data, late)) {
        textBytes += chunk.byteLength;
        if (textBytes > MAX_TEXT_BYTES) throw new Refused("malformed");
        value += decoder.decode(chunk, { stream: true });
      }
      // An empty file input may arrive without a file name: it is no text field.
      if (name !== field) fields.append(name, value + decoder.decode());
      return undefined;
    }
    if (name !== field || fileSeen) throw new Refused("malformed");
    fileSeen = true;
    const capacity = buffer?.byteLength ?? 0;
    let size = 0;
    for await (const chunk of within(data, late)) {
      if (!buffer || size + chunk.byteLength > capacity) throw new Refused("tooLarge");
      buffer.set(chunk, size);
      size += chunk.byteLength;
    }
    if (buffer && size > 0) file = new Blob([buffer.subarray(0, size)]);
    return undefined;
  };
  try {
    await Promise.race([parseMultipartFormData(request, handler), late]);
    return file;
  } catch (error) {
    throw error instanceof Refused ? error : new Refused("malformed");
  } finally {
    clearTimeout(timer);
  }
}

/** One reusable buffer per upload slot: an upload allocates no 4 MiB of its own while it streams. */
const freeBuffers: Array<Uint8Array<ArrayBuffer>> = [];
let buffersMade = 0;
const waiting: Array<(buffer: Uint8Array<ArrayBuffer>) => void> = [];

/** Runs `work` once one of the upload slots is free, with that slot's buffer. */
async function withUploadSlot<T>(work: (buffer: Uint8Array<ArrayBuffer>) => Promise<T>): Promise<T> {
  let buffer = freeBuffers.pop();
  if (!buffer && buffersMade < MAX_CONCURRENT_UPLOADS) {
    buffersMade++;
    buffer = new Uint8Array(MAX_UPLOAD_BYTES);
  }
  buffer ??= await new Promise<Uint8Array<ArrayBuffer>>((resolve) => waiting.push(resolve));
  try {
    return await work(buffer);
  } finally {
    const next = waiting.shift();
    if (next) next(buffer);
    else freeBuffers.push(buffer);
  }
}

async function readInto(request: Request, field: string, types: readonly FileType[], buffer: Uint8Array<ArrayBuffer> | null) {
  const fields = new FormData();
  try {
    const blob = await readParts(request, field, buffer, fields);
    if (!blob) return { fields, file: null, refused: null };
    const checked = await checkFile(blob, types);
    return checked.ok ? { fields, file: { blob, type: checked.type }, refused: null } : { fields, file: null, refused: checked.reason };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { fields, file: null, refused: error.reason };
  }
}

/**
 * Reads a form with at most one file, in the part `field`, of one of `types`, and hands it to
 * `use` (which forwards it) while it holds an upload slot. The headers are checked before a slot
 * is taken: a body that is not multipart is never read, and one declared past the limit is read
 * only for its text fields (so the page can give them back) up to its file.
 */
export async function readUpload<T>(
  request: Request,
  { field, types }: { field: string; types: readonly FileType[] },
  use: (upload: Upload) => Promise<T>,
): Promise<T> {
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return use({ fields: new FormData(), file: null, refused: null });
  }
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_UPLOAD_BYTES + MAX_TEXT_BYTES + MULTIPART_OVERHEAD_BYTES) {
    return use(await readInto(request, field, types, null));
  }
  return withUploadSlot(async (buffer) => use(await readInto(request, field, types, buffer)));
}
