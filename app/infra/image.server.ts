import pLimit from "p-limit";
import sharp, { type Metadata } from "sharp";
import { exceedsImageLimits, MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from "~/lib/upload-rules";

/** Decodes at once in this process (each runs on libuv's threadpool, off the event loop). */
const MAX_CONCURRENT_DECODES = 2;
/** libvips stops a decode and re-encode that runs longer (a 25 MP PNG takes about 0.1 s here). */
const DECODE_TIMEOUT_SECONDS = 5;
const JPEG_QUALITY = 90;

// Every image is decoded once: libvips's operation cache would only keep pixels alive.
sharp.cache(false);
const decoding = pLimit(MAX_CONCURRENT_DECODES);

export type ImageType = "image/png" | "image/jpeg";
export type CleanImage = { ok: true; blob: Blob } | { ok: false; reason: "tooManyPixels" | "wrongType" | "tooLarge" };

/**
 * The image `bytes` (known by its magic bytes to be `type`) decoded and encoded again in the same
 * format, so what is stored is pixels and nothing else: no trailing or embedded markup, no
 * metadata (EXIF orientation is applied first). Its dimensions are read from the header and
 * checked before any pixel is decoded; a file that does not decode as `type` is "wrongType", and
 * one whose clean copy is past the upload limit is "tooLarge".
 */
export function cleanImage(bytes: Uint8Array, type: ImageType): Promise<CleanImage> {
  return decoding(async () => {
    const format = type === "image/png" ? "png" : "jpeg";
    let header: Metadata;
    try {
      // The header only: the pixel limit is checked below, with its own answer.
      header = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      return { ok: false, reason: "wrongType" };
    }
    if (header.format !== format) return { ok: false, reason: "wrongType" };
    if (exceedsImageLimits(header.width, header.height)) {
      return { ok: false, reason: "tooManyPixels" };
    }
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .rotate()
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS });
    let clean: Buffer;
    try {
      clean = await (
        format === "png" ? image.png({ palette: header.isPalette }) : image.jpeg({ quality: JPEG_QUALITY })
      ).toBuffer();
    } catch {
      return { ok: false, reason: "wrongType" };
    }
    if (clean.byteLength > MAX_UPLOAD_BYTES) return { ok: false, reason: "tooLarge" };
    return { ok: true, blob: new Blob([new Uint8Array(clean)]) };
  });
}
