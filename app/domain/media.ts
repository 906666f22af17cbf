/**
 * Media URL rules of spec §7 as pure functions: where an activity's file lives, how the app
 * serves it from its own origin, and the embed address of a video link.
 */

export type MediaReference = {
  fullPath?: string | null;
  filePath?: string | null;
  fileName?: string | null;
  s3BucketName?: string | null;
};

/** The path under which the app proxies the files host (app/routes/files.$.ts). */
export const FILES_PREFIX = "/files/";

const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;

/**
 * Spec §7: the configured files host + file_path + file_name; with an s3_bucket_name, that bucket
 * as an http address instead of the host. A bucket given as a bare name becomes its public S3
 * address; one already given as an address is used as it is. Without path and name, the
 * full_path the API built. Null when the reference has neither.
 */
export function mediaFileUrl(media: MediaReference | null | undefined, filesHost: string): string | null {
  if (!media) return null;
  if (media.fileName) {
    const path = `${(media.filePath ?? "").replace(/^\/+|\/+$/g, "")}/${media.fileName}`.replace(/^\/+/, "");
    const bucket = media.s3BucketName?.trim();
    if (bucket) {
      const base = /^https?:\/\//i.test(bucket) ? bucket : `https://${bucket}.s3.amazonaws.com`;
      return joinUrl(base, path);
    }
    return joinUrl(filesHost, path);
  }
  return media.fullPath || null;
}

/**
 * A URL on the files host, rewritten to the same-origin proxy (`/files/...`), so that SCORM
 * packages can reach the runtime in the parent window and the PDF viewer can fetch the file. Any
 * other web address (another host, an S3 bucket) is returned as it is; null for anything else
 * (unparsable, or another scheme such as `javascript:`).
 */
export function sameOriginFileUrl(url: string | null | undefined, filesHost: string): string | null {
  if (!url) return null;
  let target: URL;
  let host: URL;
  try {
    target = new URL(url);
    host = new URL(filesHost);
  } catch {
    return null;
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") return null;
  const base = host.pathname.replace(/\/+$/, "");
  const onHost = target.origin === host.origin && (base === "" || target.pathname.startsWith(`${base}/`));
  if (!onHost) return target.href;
  const rest = target.pathname.slice(base.length).replace(/^\/+/, "");
  return `${FILES_PREFIX}${rest}${target.search}`;
}

/** The folder of a file URL, with its trailing slash (`/files/a/b/index.html` → `/files/a/b/`). */
export function folderOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? "";
  return path.slice(0, path.lastIndexOf("/") + 1);
}

const VIDEO_ID = /^[A-Za-z0-9_-]{6,64}$/;

/**
 * Spec §7: a video link's embed address, built from its `v` query parameter
 * (`https://www.youtube.com/watch?v=ID` → `https://www.youtube.com/embed/ID`). Null when the link
 * has no usable `v`.
 */
export function videoEmbedUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const id = url.searchParams.get("v");
  if (!id || !VIDEO_ID.test(id)) return null;
  return `https://www.youtube.com/embed/${id}`;
}

/** Where the app serves a PDF's pages as images (app/routes/pdf-pages.$width.$.ts). */
export const PDF_PAGES_PREFIX = "/pdf-pages/";
/** The only widths a page is drawn at, in pixels: 1×, 2× and 3× of a 360 px phone, and twice those two for zoom. */
export const PDF_PAGE_WIDTHS = [360, 720, 1080, 1440, 2160] as const;
export type PdfPageWidth = (typeof PDF_PAGE_WIDTHS)[number];
export const PDF_PAGE_FORMATS = ["webp", "png"] as const;
/** A PDF shows by groups of this many pages (`/<activity>/pages/<first>`), with links to the others. */
export const PDF_PAGE_GROUP = 60;

/** Whether `first` starts a page group (1, 61, 121…). */
export const isPdfGroupStart = (first: number) => Number.isSafeInteger(first) && first >= 1 && (first - 1) % PDF_PAGE_GROUP === 0;

/** The page groups of a PDF of `pageCount` pages: each one's first and last page. */
export function pdfPageGroups(pageCount: number): Array<{ first: number; last: number }> {
  return Array.from({ length: Math.ceil(pageCount / PDF_PAGE_GROUP) }, (_, index) => ({
    first: index * PDF_PAGE_GROUP + 1,
    last: Math.min(pageCount, (index + 1) * PDF_PAGE_GROUP),
  }));
}
export type PdfPageFormat = (typeof PDF_PAGE_FORMATS)[number];

/**
 * The path a PDF's pages are drawn from: a plain `/files/<path>` without a query (the page
 * addresses carry none), or null for a file the app does not proxy.
 */
export function pdfPagesPath(src: string): string | null {
  if (!src.startsWith(FILES_PREFIX) || /[?#]/.test(src)) return null;
  const path = src.slice(FILES_PREFIX.length);
  return path === "" ? null : path;
}

/** `/pdf-pages/<width>/<path>/<page>.<format>`: one page of the PDF at `/files/<path>`. */
export function pdfPageUrl(path: string, page: number, width: PdfPageWidth, format: PdfPageFormat): string {
  return `${PDF_PAGES_PREFIX}${width}/${path}/${page}.${format}`;
}

/** The kinds of content that can be saved for offline use (issue #18): a file the app serves, not an external page. */
export const OFFLINE_KINDS: ReadonlySet<string> = new Set(["image", "audio", "video", "pdf", "scorm"]);
