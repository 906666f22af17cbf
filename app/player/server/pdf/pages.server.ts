import type { PdfDocument, PdfProblem } from "~/components/player/types";
import { PDF_PAGE_GROUP, type PdfPageFormat, type PdfPageWidth, pdfPagesPath } from "~/domain/media";
import { log } from "../../../../server/log";
import { PdfError, type PdfFailure, reasonOf } from "./failure.server";
import { decodedSplat, downloadedFile, trainingUrl } from "./fetch.server";
import { imageKey, type PageImage, pageImages } from "./image-cache.server";
import { asLearner, withSlot, workers } from "./render.server";
import type { PdfOutline } from "./worker.server";

/**
 * PDF pages drawn on the server: what the player's loader and the page image route ask for
 * (docs/decisions/030-pdf-renderer.md).
 */

export { FAILURE_STATUS, reasonOf } from "./failure.server";
export { PAGE_MAX_AGE_S } from "./image-cache.server";
export { MAX_PER_USER } from "./render.server";

/** What the player says of a file it cannot show: a password and damage have their own message. */
const problemOf = (reason: PdfFailure | "error"): PdfProblem =>
  reason === "protected" || reason === "damaged" ? reason : "unreadable";

/**
 * The player's view of the PDF at `src` (a `/files/` path): its page count, the shape and text of
 * each page of the group from page `first`. A problem when the file is not proxied training
 * content or cannot be read (or has no such page); the player then says so. `signal` (the
 * request's) ends a wait for a slot.
 */
export async function readPdf(src: string, signal?: AbortSignal, first = 1): Promise<PdfDocument | { problem: PdfProblem }> {
  const path = pdfPagesPath(src);
  const url = path === null ? null : trainingUrl(decodedSplat(path));
  if (path === null || !url) return { problem: "unreadable" };
  try {
    const outline = await withSlot(signal, async () => {
      const { file, outlines } = await downloadedFile(url);
      let read = outlines.get(first);
      if (!read) {
        const started = workers().run<PdfOutline>({ kind: "outline", file, first, count: PDF_PAGE_GROUP });
        started.catch(() => outlines.get(first) === started && outlines.delete(first));
        outlines.set(first, started);
        read = started;
      }
      return read;
    });
    return { path, ...outline };
  } catch (error) {
    const reason = reasonOf(error);
    log.warn("pdf pages: document unreadable", { path: url.pathname, reason });
    return { problem: problemOf(reason) };
  }
}

/** A page being drawn, shared by the requests that asked for it; stopped when the last one leaves. */
type Drawing = { image: Promise<PageImage>; stop: AbortController; clients: number };
const drawing = new Map<string, Drawing>();

function startDrawing(key: string, url: URL, number: number, width: PdfPageWidth, format: PdfPageFormat): Drawing {
  const stop = new AbortController();
  const image = withSlot(stop.signal, async () => {
    const { file } = await downloadedFile(url);
    return new Uint8Array(await workers().run<Uint8Array>({ kind: "page", file, number, width, format }, stop.signal));
  });
  const started = { image, stop, clients: 0 };
  drawing.set(key, started);
  image.then(
    (bytes) => pageImages.set(key, bytes),
    () => undefined,
  );
  void image.finally(() => drawing.get(key) === started && drawing.delete(key)).catch(() => undefined);
  return started;
}

/** The drawing's image for one client; when `signal` aborts and no client is left, the drawing stops. */
function imageFor(pending: Drawing, key: string, signal: AbortSignal | undefined): Promise<PageImage> {
  pending.clients++;
  return new Promise<PageImage>((resolve, reject) => {
    const leave = () => {
      if (--pending.clients === 0) {
        if (drawing.get(key) === pending) drawing.delete(key);
        pending.stop.abort();
      }
      reject(new PdfError("gone"));
    };
    if (signal?.aborted) return leave();
    signal?.addEventListener("abort", leave, { once: true });
    pending.image.then(resolve, reject).finally(() => signal?.removeEventListener("abort", leave));
  });
}

/**
 * One page of the PDF at `<files host>/<path>` drawn `width` pixels wide (narrower for a tall
 * page), as WebP or PNG bytes, for `user` (at most MAX_PER_USER at once) while `signal` holds.
 */
export async function pageImage(
  path: string,
  number: number,
  width: PdfPageWidth,
  format: PdfPageFormat,
  { user, signal }: { user: string; signal?: AbortSignal },
): Promise<PageImage> {
  const url = trainingUrl(path);
  if (!url) throw new PdfError("missing");
  const key = imageKey(url, number, width, format);
  const cached = pageImages.get(key);
  if (cached) return cached;
  return asLearner(user, () => imageFor(drawing.get(key) ?? startDrawing(key, url, number, width, format), key, signal));
}
