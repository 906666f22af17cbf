import {
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  MaxPartSizeExceededError,
} from "@remix-run/node";
import { type ImageType, MAX_PHOTO_BYTES, SIGNATURE_BYTES, sniffImage } from "./image-type";

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
/**
 * Uploads buffered at once in this process; the others wait with their bodies unread (TCP holds
 * them back), so memory stays near this many times the limit however many arrive together.
 */
const MAX_CONCURRENT_UPLOADS = 4;

export type PhotoUpload =
  | { ok: true; file: Blob; type: ImageType }
  | { ok: false; reason: "tooLarge" | "notImage" | "missing" };

/**
 * Reads the one file part `field` of a multipart request, holding at most MAX_PHOTO_BYTES in
 * memory: a declared length past the limit is refused before reading, the part is counted while it
 * streams, every other part is skipped, and a body that is not multipart is never read.
 */
export async function readPhotoUpload(request: Request, field: string): Promise<PhotoUpload> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES) return { ok: false, reason: "tooLarge" };
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) return { ok: false, reason: "missing" };

  let taken = false;
  const handler = createMemoryUploadHandler({
    maxPartSize: MAX_PHOTO_BYTES,
    filter: ({ name, filename }) => {
      if (name !== field || taken || filename === undefined) return false;
      taken = true;
      return true;
    },
  });
  let form: FormData;
  try {
    form = await parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false, reason: "tooLarge" };
    return { ok: false, reason: "missing" };
  }
  const file = form.get(field);
  if (!(file instanceof Blob) || file.size === 0) return { ok: false, reason: "missing" };
  const type = sniffImage(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
  if (!type) return { ok: false, reason: "notImage" };
  return { ok: true, file, type };
}

let active = 0;
const waiting: Array<() => void> = [];

/** Runs `work` (read an upload and forward it) once one of the upload slots is free. */
export async function withUploadSlot<T>(work: () => Promise<T>): Promise<T> {
  if (active < MAX_CONCURRENT_UPLOADS) active++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }
}
