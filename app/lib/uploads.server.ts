/**
 * Uploads are checked by size and content (magic bytes) before they are forwarded (DESIGN.md
 * 'Security'): a file's name and declared type say nothing about what it is.
 */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

export type SniffedType = "image/png" | "image/jpeg" | "application/pdf";

const SIGNATURES: Array<{ type: SniffedType; bytes: number[] }> = [
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

export async function sniffFileType(file: Blob): Promise<SniffedType | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte))?.type ?? null;
}

/** Why a file cannot go up, or null when it can: too large, or not one of the allowed types. */
export async function uploadProblem(file: Blob, allowed: readonly SniffedType[]): Promise<"tooLarge" | "wrongType" | null> {
  if (file.size > MAX_UPLOAD_BYTES) return "tooLarge";
  const type = await sniffFileType(file);
  return type && allowed.includes(type) ? null : "wrongType";
}
