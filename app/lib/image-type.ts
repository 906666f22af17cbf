/** Spec §5/§9: a profile photo is a PNG or JPEG of at most 4 MB (MiB, as the legacy API counts). */
export const MAX_PHOTO_BYTES = 4 * 1024 * 1024;

export type ImageType = "image/png" | "image/jpeg";

/** The image type by its magic bytes, never by the file's name or declared type. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  return null;
}

/** The bytes a file must start with to be told apart (the PNG signature is the longest). */
export const SIGNATURE_BYTES = 8;
