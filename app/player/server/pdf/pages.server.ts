import {
  PDF_PAGE_FORMATS,
  PDF_PAGE_GROUP,
  PDF_PAGE_WIDTHS,
  type PdfPageFormat,
  type PdfPageWidth,
  pdfPagesPath,
} from "~/domain/media";
import { plain } from "~/infra/files-host.server";
import { getFixedT } from "~/infra/language.server";
import { log } from "~/infra/log.server";
import { refusals } from "~/infra/metrics.server";
import { inSpan } from "~/infra/tracing.server";
import type { PdfDocument, PdfProblem } from "~/player/types";
import { FAILURE_STATUS, PdfError, type PdfFailure, reasonOf } from "./failure.server";
import { decodedSplat, downloadedFile, trainingUrl } from "./fetch.server";
import { imageKey, PAGE_MAX_AGE_S, type PageImage, storedPageImage, storePageImage } from "./image-cache.server";
import { asLearner, renderers, withSlot } from "./render.server";
import type { PdfOutline } from "./worker.server";

/**
 * PDF pages drawn on the server: what the player's loader and the page image route ask for
 * (docs/decisions/030-pdf-renderer.md, 051-pdf-renderers-under-prlimit.md).
 */

export { MAX_PER_USER } from "./render.server";

/** What the player says of a file it cannot show: a password, damage and busy renderers have their own message. */
function problemOf(reason: PdfFailure | "error"): PdfProblem {
  if (reason === "protected" || reason === "damaged") return reason;
  return reason === "busy" || reason === "userBusy" ? "busy" : "unreadable";
}

let readers = 0;

/**
 * The player's view of the PDF at `src` (a `/files/` path): its page count, the shape and text of
 * each page of the group from page `first`. A problem when the file is not proxied training
 * content or cannot be read (or has no such page); the player then says so. `signal` (the
 * request's) ends a wait for a slot. `user` shares the renderers fairly with the learner's page
 * images; without one, each read counts as a learner of its own.
 */
export async function readPdf(
  src: string,
  signal?: AbortSignal,
  first = 1,
  user?: string,
): Promise<PdfDocument | { problem: PdfProblem }> {
  const path = pdfPagesPath(src);
  const url = path === null ? null : trainingUrl(decodedSplat(path));
  if (path === null || !url) return { problem: "unreadable" };
  try {
    const outline = await withSlot(user ?? `reader-${++readers}`, signal, async () => {
      const { file, outlines } = await downloadedFile(url);
      let read = outlines.get(first);
      if (!read) {
        const started = renderers().run<PdfOutline>({ kind: "outline", file, first, count: PDF_PAGE_GROUP });
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

function startDrawing(
  key: string,
  url: URL,
  { number, width, format, user }: { number: number; width: PdfPageWidth; format: PdfPageFormat; user: string },
): Drawing {
  const stop = new AbortController();
  const image = withSlot(user, stop.signal, async () => {
    const { file } = await downloadedFile(url);
    const began = performance.now();
    const bytes = new Uint8Array(await renderers().run<Uint8Array>({ kind: "page", file, number, width, format }, stop.signal));
    // One line per drawing: how often the caches miss, and what a miss costs.
    log.info("pdf pages: page drawn", { path: url.pathname, number, width, format, ms: Math.round(performance.now() - began) });
    return bytes;
  }).then(async (bytes) => {
    // Stored before anyone is answered: the next request, on any replica, finds it.
    await storePageImage(key, bytes);
    return bytes;
  });
  const started = { image, stop, clients: 0 };
  drawing.set(key, started);
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
  const stored = await storedPageImage(key);
  if (stored) return stored;
  return inSpan("pdf render", { "pdf.page": number, "pdf.width": width, "pdf.format": format }, () =>
    asLearner(user, () => imageFor(drawing.get(key) ?? startDrawing(key, url, { number, width, format, user }), key, signal)),
  );
}

const CONTENT_TYPES: Record<PdfPageFormat, string> = { webp: "image/webp", png: "image/png" };
const PAGE_FILE = new RegExp(`^([1-9]\\d{0,3})\\.(${PDF_PAGE_FORMATS.join("|")})$`);

const isWidth = (value: number): value is PdfPageWidth => (PDF_PAGE_WIDTHS as readonly number[]).includes(value);

/** How long a refused learner (429: their share) or anyone (503: the whole queue) is asked to wait. */
const RETRY_AFTER_S = { 429: 2, 503: 5 } as const;

/**
 * The page route's answer (app/routes/pdf-pages.$width.$.ts) to `<width>/<splat>`, the splat being
 * `<path>/<page>.<webp|png>`: the page's image, else a short text with the failure's status; past
 * the learner's share or the whole queue, that text is in the language of `request`.
 */
export async function pageResponse(
  widthParam: string | undefined,
  splat: string,
  learner: { user: string; signal?: AbortSignal; request?: Request },
): Promise<Response> {
  const width = Number(widthParam);
  if (!isWidth(width)) return plain(400, "Bad width");
  const cut = splat.lastIndexOf("/");
  const page = PAGE_FILE.exec(splat.slice(cut + 1));
  if (cut <= 0 || !page?.[1] || !page[2]) return plain(404, "Not found");
  const format = page[2] as PdfPageFormat;
  const path = splat.slice(0, cut);

  let bytes: PageImage;
  try {
    bytes = await pageImage(path, Number(page[1]), width, format, learner);
  } catch (error) {
    const reason = reasonOf(error);
    if (reason === "error") log.error("pdf pages: render failed", { path, error: String(error) });
    const status = reason === "error" ? 500 : FAILURE_STATUS[reason];
    if (status === 429 || status === 503) {
      refusals.inc({ reason: status === 429 ? "too_many" : "busy" });
      const t = learner.request ? await getFixedT(learner.request, "server") : null;
      const text = status === 429 ? t?.("player.pdfPages.userBusy") : t?.("player.pdfPages.busy");
      return plain(status, text ?? "Too many pages are being drawn; try again shortly", {
        "Retry-After": String(RETRY_AFTER_S[status]),
      });
    }
    return plain(status, status === 404 ? "Not found" : "The page could not be drawn");
  }
  const headers = new Headers({
    "Content-Type": CONTENT_TYPES[format],
    "Content-Length": String(bytes.byteLength),
    "Cache-Control": `private, max-age=${PAGE_MAX_AGE_S}`,
  });
  return new Response(bytes, { headers });
}
