import type { LoaderFunctionArgs } from "@remix-run/node";
import { PDF_PAGE_FORMATS, PDF_PAGE_WIDTHS, type PdfPageFormat, type PdfPageWidth } from "~/domain/media";
import { requireLiveUser } from "~/infra/auth.server";
import { plain } from "~/infra/files-host.server";
import { FAILURE_STATUS, PAGE_MAX_AGE_S, pageImage, reasonOf } from "~/player/server/pdf/pages.server";
import { log } from "../../server/log";

/**
 * `GET /pdf-pages/<width>/<path>/<page>.<webp|png>`: page `<page>` of the PDF that `/files/<path>`
 * serves, drawn on the server `<width>` pixels wide (360, 720, 1080, 1440 or 2160). For signed-in learners
 * only, training content only (no uploads); the design is in docs/decisions/030-pdf-renderer.md.
 */
const CONTENT_TYPES: Record<PdfPageFormat, string> = { webp: "image/webp", png: "image/png" };
const PAGE_FILE = new RegExp(`^([1-9]\\d{0,3})\\.(${PDF_PAGE_FORMATS.join("|")})$`);

const isWidth = (value: number): value is PdfPageWidth => (PDF_PAGE_WIDTHS as readonly number[]).includes(value);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireLiveUser(request);
  const width = Number(params.width);
  if (!isWidth(width)) return plain(400, "Bad width");
  const splat = params["*"] ?? "";
  const cut = splat.lastIndexOf("/");
  const page = PAGE_FILE.exec(splat.slice(cut + 1));
  if (cut <= 0 || !page?.[1] || !page[2]) return plain(404, "Not found");
  const format = page[2] as PdfPageFormat;
  const path = splat.slice(0, cut);

  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await pageImage(path, Number(page[1]), width, format, { user: String(session.user.id), signal: request.signal });
  } catch (error) {
    const reason = reasonOf(error);
    if (reason === "error") log.error("pdf pages: render failed", { path, error: String(error) });
    const status = reason === "error" ? 500 : FAILURE_STATUS[reason];
    const retry: Record<string, string> = status === 429 || status === 503 ? { "Retry-After": "2" } : {};
    return plain(status, status === 404 ? "Not found" : "The page could not be drawn", retry);
  }
  const headers = new Headers({
    "Content-Type": CONTENT_TYPES[format],
    "Content-Length": String(bytes.byteLength),
    "Cache-Control": `private, max-age=${PAGE_MAX_AGE_S}`,
  });
  return new Response(bytes, { headers });
}
