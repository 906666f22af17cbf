import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
} from "@remix-run/node";
import { type ImageType, MAX_PHOTO_BYTES, SIGNATURE_BYTES, sniffImage } from "./image-type";

/**
 * Uploads other than the profile photo (certificate files) are read within the size limit and
 * checked by content (magic bytes) before they are forwarded (DESIGN.md 'Security'): a name or
 * declared type proves nothing.
 */
export const MAX_UPLOAD_BYTES = MAX_PHOTO_BYTES;

export type SniffedType = ImageType | "application/pdf";

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d];

export async function sniffFileType(file: Blob): Promise<SniffedType | null> {
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  return sniffImage(head) ?? (PDF_SIGNATURE.every((byte, index) => head[index] === byte) ? "application/pdf" : null);
}

/** Room for the text fields and the multipart headers around the one file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * A form that may carry one file of at most MAX_UPLOAD_BYTES, read part by part so no more than
 * that is ever buffered; null when the declared body or any part is larger (the rest is not read).
 */
export async function readFormWithUpload(request: Request): Promise<FormData | null> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES) return null;
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) return request.formData();
  try {
    return await parseMultipartFormData(request, createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return null;
    throw error;
  }
}
