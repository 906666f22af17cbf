import { type ImageType, MAX_PHOTO_BYTES, SIGNATURE_BYTES, sniffImage } from "./image-type";

/**
 * Uploads other than the profile photo (certificate files) are checked by size and content (magic
 * bytes) before they are forwarded (DESIGN.md 'Security'): a name or declared type proves nothing.
 */
export const MAX_UPLOAD_BYTES = MAX_PHOTO_BYTES;

export type SniffedType = ImageType | "application/pdf";

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d];

export async function sniffFileType(file: Blob): Promise<SniffedType | null> {
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  return sniffImage(head) ?? (PDF_SIGNATURE.every((byte, index) => head[index] === byte) ? "application/pdf" : null);
}

/** Why a file cannot go up, or null when it can: too large, or not one of the allowed types. */
export async function uploadProblem(file: Blob, allowed: readonly SniffedType[]): Promise<"tooLarge" | "wrongType" | null> {
  if (file.size > MAX_UPLOAD_BYTES) return "tooLarge";
  const type = await sniffFileType(file);
  return type && allowed.includes(type) ? null : "wrongType";
}
