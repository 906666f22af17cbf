import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { http, type HttpHandler, HttpResponse } from "msw";
import type { MockContext } from "./store";
import type { MockState, StoredFile } from "./types";

/**
 * `/storage/*`: the real media files of mock/files plus the uploads kept in memory.
 * NOTE: this module runs from mock/ (tests) and bundled from build/bin/ (npm start), so the
 * files folder is looked up from both places.
 */
const filesDir = [new URL("./files/", import.meta.url), new URL("../../mock/files/", import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((dir) => existsSync(dir));

const contentTypes: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".pdf": "application/pdf",
  ".wav": "audio/wav",
  ".mp4": "video/mp4",
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
};

export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

export type UploadType = "image/png" | "image/jpeg" | "application/pdf";

const extensions: Record<UploadType, string> = { "image/png": ".png", "image/jpeg": ".jpg", "application/pdf": ".pdf" };

/** The file type by its magic bytes, never by its name or declared type. */
export function sniff(bytes: Uint8Array): UploadType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf";
  return null;
}

export function storeUpload(state: MockState, bytes: Uint8Array, type: UploadType): StoredFile {
  const name = `${randomUUID()}${extensions[type]}`;
  state.uploads.set(name, { bytes, content_type: type });
  return { folder: "uploads/", name };
}

/** The path below /storage/, decoded; null when it cannot be decoded. */
function storagePath(request: Request): string | null {
  try {
    return decodeURIComponent(new URL(request.url).pathname.replace(/^\/storage\//, ""));
  } catch {
    return null;
  }
}

async function readStatic(relative: string): Promise<{ bytes: Uint8Array; type: string } | null> {
  if (!filesDir) return null;
  const path = normalize(join(filesDir, relative));
  if (!path.startsWith(filesDir.endsWith(sep) ? filesDir : `${filesDir}${sep}`)) return null;
  try {
    const bytes = new Uint8Array(await readFile(path));
    return { bytes, type: contentTypes[extname(path).toLowerCase()] ?? "application/octet-stream" };
  } catch {
    return null;
  }
}

/** A whole file, or the single byte range a media element asks for. */
function fileResponse(request: Request, bytes: Uint8Array, type: string): Response {
  // Any origin may read the files, so a PDF viewer on the app's origin can fetch them.
  const headers = {
    "Content-Type": type,
    "Accept-Ranges": "bytes",
    "Cache-Control": "public, max-age=300",
    "Access-Control-Allow-Origin": "*",
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("range") ?? "");
  if (!range || (!range[1] && !range[2])) return new HttpResponse(bytes, { headers });
  const size = bytes.length;
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  if (start >= size || start > end) {
    return new HttpResponse(null, { status: 416, headers: { "Content-Range": `bytes */${size}` } });
  }
  return new HttpResponse(bytes.slice(start, end + 1), {
    status: 206,
    headers: { ...headers, "Content-Range": `bytes ${start}-${end}/${size}` },
  });
}

export function storageHandlers(ctx: MockContext): HttpHandler[] {
  const serve = async ({ request }: { request: Request }) => {
    const relative = storagePath(request);
    const upload = relative?.startsWith("uploads/") ? ctx.store.state.uploads.get(relative.slice(8)) : undefined;
    const testFile = relative?.startsWith("test-media/") ? ctx.store.state.test_media.get(relative.slice(11)) : undefined;
    const found = upload
      ? { bytes: upload.bytes, type: upload.content_type }
      : testFile
        ? { bytes: testFile, type: contentTypes[extname(relative ?? "").toLowerCase()] ?? "application/octet-stream" }
        : relative && (await readStatic(relative));
    if (!found) return HttpResponse.json({ message: "Not Found" }, { status: 404 });
    return fileResponse(request, found.bytes, found.type);
  };
  return [http.get("*/storage/*", serve), http.head("*/storage/*", serve)];
}
