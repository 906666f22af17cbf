import { crc32, deflateSync } from "node:zlib";

/** PNG files made by hand for the upload tests: real ones of any size, and hostile ones. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const bytes = Buffer.alloc(12 + data.length);
  bytes.writeUInt32BE(data.length, 0);
  bytes.write(type, 4, "latin1");
  data.copy(bytes, 8);
  bytes.writeUInt32BE(crc32(bytes.subarray(4, 8 + data.length)), 8 + data.length);
  return bytes;
}

/**
 * A valid black PNG of `width` × `height` (1-bit grayscale, so 30000 × 30000 is a 110 KB file
 * that decodes to gigabytes). With `size`, a private ancillary chunk (which decoders skip) pads
 * it to exactly that many bytes.
 */
export function png(width: number, height: number, { size }: { size?: number } = {}): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  const image = [PNG_SIGNATURE, chunk("IHDR", header), chunk("IDAT", deflateSync(rows))];
  const end = chunk("IEND", Buffer.alloc(0));
  if (size !== undefined) {
    const used = image.reduce((total, part) => total + part.length, 0) + end.length;
    image.push(chunk("paDd", Buffer.alloc(size - used - 12)));
  }
  return new Uint8Array(Buffer.concat([...image, end]));
}

/** The PNG signature followed by a web page: a PNG by its magic bytes only. */
export const pngThenHtml = new Uint8Array(
  Buffer.concat([PNG_SIGNATURE, Buffer.from("<!doctype html><script>alert(document.cookie)</script>")]),
);
