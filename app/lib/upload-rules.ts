/**
 * The upload rules of spec §5/§9, in one place for the browser and the server: a file is at most
 * 4 MB (MiB, as the legacy API counts) and is known by its magic bytes, never by its name or
 * declared type.
 */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

/**
 * The largest image the server decodes, checked on the dimensions in its header before any
 * decode: a few MB of PNG can declare gigabytes of pixels. 25 MP covers a camera photo.
 */
export const MAX_IMAGE_SIDE = 8000;
export const MAX_IMAGE_PIXELS = 25_000_000;
/** The limits as the messages about them quote them. */
export const imageLimits = { side: MAX_IMAGE_SIDE, megapixels: MAX_IMAGE_PIXELS / 1_000_000 };

/** Whether an image of these dimensions is past the limits above. */
export function exceedsImageLimits(width: number, height: number): boolean {
  return width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS;
}

/**
 * The routes whose forms send a file (`encType="multipart/form-data"`): the HTTP server accepts a
 * multipart body only there, up to MAX_UPLOAD_BYTES plus the form around it (server/body-limit.ts).
 */
export const FILE_ROUTES = ["/profile/photo", "/certifications/new"] as const;

export type FileType = "image/png" | "image/jpeg" | "application/pdf";

export const PHOTO_TYPES = ["image/png", "image/jpeg"] as const satisfies readonly FileType[];
export const CERTIFICATE_TYPES = ["image/png", "image/jpeg", "application/pdf"] as const satisfies readonly FileType[];

const SIGNATURES: Array<[FileType, number[]]> = [
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
  ["application/pdf", [0x25, 0x50, 0x44, 0x46, 0x2d]],
];
/** The bytes a file must start with to be told apart (the PNG signature is the longest). */
const SIGNATURE_BYTES = 8;

/** The type of a file that starts with `head`; null when it is none of the known ones. */
export function typeOf(head: Uint8Array): FileType | null {
  const known = SIGNATURES.find(([, signature]) => signature.every((byte, index) => head[index] === byte));
  return known ? known[0] : null;
}

/** The file's type by its first bytes; null when it is none of the known ones. */
export async function sniffFile(file: Blob): Promise<FileType | null> {
  return typeOf(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
}

/** What a file fails of the rules (size first), or its type when it passes. */
export async function checkFile(
  file: Blob,
  types: readonly FileType[],
): Promise<{ ok: true; type: FileType } | { ok: false; reason: "tooLarge" | "wrongType" }> {
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, reason: "tooLarge" };
  const type = await sniffFile(file);
  return type && types.includes(type) ? { ok: true, type } : { ok: false, reason: "wrongType" };
}

/** The `accept` attribute of a file input for these types. */
export function acceptOf(types: readonly FileType[]): string {
  return types.join(",");
}

const EXTENSIONS: Record<FileType, string> = { "image/png": "png", "image/jpeg": "jpg", "application/pdf": "pdf" };

/** The name a file is sent upstream with: from its checked type, never the user's file name. */
export function uploadName(type: FileType): string {
  return `upload.${EXTENSIONS[type]}`;
}
