import {
  MaxPartSizeExceededError,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { type ImageType, MAX_PHOTO_BYTES, SIGNATURE_BYTES, sniffImage } from "./image-type";

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
/**
 * Uploads buffered at once in this process; the others wait with their bodies unread (TCP holds
 * them back), so memory stays near this many times the limit however many arrive together.
 */
const MAX_CONCURRENT_UPLOADS = 2;
/** A slot is given back after this long, so a client that trickles its body cannot hold it. */
const UPLOAD_DEADLINE_MS = 60_000;

class UploadTooSlow extends Error {}

export type PhotoUpload =
  | { ok: true; file: Blob; type: ImageType }
  | { ok: false; reason: "tooLarge" | "notImage" | "missing" | "tooSlow" };

/**
 * Reads the one file part `field` of a multipart request into `buffer` (MAX_PHOTO_BYTES long):
 * a declared length past the limit is refused before reading, the part is copied into the buffer
 * chunk by chunk while it streams (chunks die young, so memory is not left to a full GC), every
 * other part is skipped, and a body that is not multipart is never read.
 */
export async function readPhotoUpload(
  request: Request,
  field: string,
  buffer: Uint8Array<ArrayBuffer>,
): Promise<PhotoUpload> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > buffer.byteLength + MULTIPART_OVERHEAD_BYTES) return { ok: false, reason: "tooLarge" };
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) return { ok: false, reason: "missing" };

  let taken = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UploadTooSlow()), UPLOAD_DEADLINE_MS);
  });
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    if (name !== field || taken || filename === undefined) return undefined;
    taken = true;
    let size = 0;
    const chunks = data[Symbol.asyncIterator]();
    for (let next = await Promise.race([chunks.next(), late]); !next.done; next = await Promise.race([chunks.next(), late])) {
      const chunk = next.value;
      if (size + chunk.byteLength > buffer.byteLength) throw new MaxPartSizeExceededError(name, buffer.byteLength);
      buffer.set(chunk, size);
      size += chunk.byteLength;
    }
    return new File([buffer.subarray(0, size)], filename, { type: contentType });
  };
  let form: FormData;
  try {
    form = await Promise.race([parseMultipartFormData(request, handler), late]);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false, reason: "tooLarge" };
    if (error instanceof UploadTooSlow) return { ok: false, reason: "tooSlow" };
    return { ok: false, reason: "missing" };
  } finally {
    clearTimeout(timer);
  }
  const file = form.get(field);
  if (!(file instanceof Blob) || file.size === 0) return { ok: false, reason: "missing" };
  const type = sniffImage(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
  if (!type) return { ok: false, reason: "notImage" };
  return { ok: true, file, type };
}

/** One reusable buffer per upload slot: an upload allocates no 4 MiB of its own while it streams. */
const freeBuffers: Array<Uint8Array<ArrayBuffer>> = [];
let buffersMade = 0;
const waiting: Array<(buffer: Uint8Array<ArrayBuffer>) => void> = [];

/** Runs `work` (read an upload into the buffer and forward it) once one of the upload slots is free. */
export async function withUploadSlot<T>(work: (buffer: Uint8Array<ArrayBuffer>) => Promise<T>): Promise<T> {
  let buffer = freeBuffers.pop();
  if (!buffer && buffersMade < MAX_CONCURRENT_UPLOADS) {
    buffersMade++;
    buffer = new Uint8Array(MAX_PHOTO_BYTES);
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
