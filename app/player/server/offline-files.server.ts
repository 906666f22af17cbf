import { readdir, stat } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import pLimit from "p-limit";
import { PDF_PAGE_WIDTHS, pdfPageGroups, pdfPagesPath, pdfPageUrl, type PdfPageWidth } from "~/domain/media";
import { filesHostUrl } from "~/infra/files-host.server";
import type { LegacyContext } from "~/legacy/request.server";
import type { OfflineFile, OfflineFiles } from "~/player/types";
import { findActivity, placementState, playerActivity } from "./activity.server";
import { readPdf } from "./pdf/pages.server";
import { readPackageFiles } from "./scorm-manifest.server";

/**
 * What saving an activity for offline use fetches (issue #18): its content's files as the player
 * asks for them (a PDF's pages drawn at the phone's width, a SCORM package's every listed file),
 * with their sizes where the files host says them, and the app's own files the saved player page
 * runs on. The browser fetches and keeps them; the server only lists them.
 */

/** A drawn page's size, by width, when it was not drawn yet (measured on the mock's PDFs, WebP). */
const PAGE_BYTES: Record<PdfPageWidth, number> = { 360: 30_000, 720: 80_000, 1080: 150_000, 1440: 240_000, 2160: 450_000 };
const SIZE_DEADLINE_MS = 8_000;
const SIZE_CONCURRENCY = 6;

/** The width the PDF player's `srcset` picks on a phone `cssWidth` wide at `ratio` (the nearest drawn one at least as wide). */
export function pdfSaveWidth(raw: string | null): PdfPageWidth {
  const wanted = Number(raw);
  if (!Number.isFinite(wanted) || wanted <= 0) return 720;
  return PDF_PAGE_WIDTHS.find((width) => width >= wanted) ?? 2160;
}

/** Each `/files/` address's size from the files host (a HEAD), null when it does not say in time. */
async function sizes(urls: string[], signal: AbortSignal): Promise<OfflineFile[]> {
  const deadline = AbortSignal.any([signal, AbortSignal.timeout(SIZE_DEADLINE_MS)]);
  const limit = pLimit(SIZE_CONCURRENCY);
  return Promise.all(
    urls.map((url) =>
      limit(async (): Promise<OfflineFile> => {
        const target = filesHostUrl(decodeURIComponent(url.replace(/^\/files\//, "")));
        if (!target || deadline.aborted) return { url, bytes: null };
        const response = await fetch(target, { method: "HEAD", redirect: "error", signal: deadline }).catch(() => null);
        const bytes = Number(response?.headers.get("Content-Length") ?? Number.NaN);
        return { url, bytes: response?.ok && Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : null };
      }),
    ),
  );
}

let shell: Promise<OfflineFile[]> | undefined;

/** The app's files a saved page runs on: the built scripts and styles (lazy chunks included) and the icons. */
function shellFiles(): Promise<OfflineFile[]> {
  shell ??= (async () => {
    const publicDir = resolve(process.cwd(), "public");
    const listed = await Promise.all(
      ["build", "icons"].map((folder) => readdir(join(publicDir, folder), { recursive: true }).catch(() => [])),
    );
    const paths = listed
      .flatMap((names, index) => names.map((name) => join(publicDir, ["build", "icons"][index] as string, name)))
      .filter((path) => !path.endsWith(".map"));
    const files = await Promise.all(
      paths.map(async (path): Promise<OfflineFile | null> => {
        const info = await stat(path);
        return info.isFile() ? { url: `/${relative(publicDir, path).split("\\").join("/")}`, bytes: info.size } : null;
      }),
    );
    return files.filter((file) => file !== null);
  })();
  return shell;
}

/** The offline files of activity `id`, or why it cannot be saved. */
export async function offlineFiles(
  ctx: LegacyContext,
  id: number,
  options: { width: PdfPageWidth; signal: AbortSignal; filesHost: string; user: string },
): Promise<OfflineFiles> {
  const found = await findActivity(ctx, id);
  if (!found.placement) return { state: "not_found" };
  if (placementState({ ...found, placement: found.placement }) !== "ready") return { state: "unavailable" };
  const played = playerActivity(found.placement.activity, options.filesHost);
  const src = played.src?.startsWith("/files/") ? played.src : null;
  const base = { state: "ready" as const, id: played.id, title: played.title, kind: played.kind, shell: await shellFiles() };
  if (!src) return { state: "not_saveable" };
  switch (played.kind) {
    case "image":
    case "audio":
    case "video":
      return { ...base, files: await sizes([src], options.signal), pageGroups: [] };
    case "pdf": {
      const pdf = await readPdf(src, options.signal, 1, options.user);
      const path = pdfPagesPath(src);
      if ("problem" in pdf) return { state: pdf.problem === "unreadable" || pdf.problem === "busy" ? "failed" : "not_saveable" };
      if (path === null) return { state: "not_saveable" };
      const pages = Array.from({ length: pdf.pageCount }, (_, index) => ({
        url: pdfPageUrl(path, index + 1, options.width, "webp"),
        bytes: null,
        estimate: PAGE_BYTES[options.width],
      }));
      return {
        ...base,
        files: pages,
        pageGroups: pdfPageGroups(pdf.pageCount)
          .map((group) => group.first)
          .slice(1),
      };
    }
    case "scorm": {
      const files = played.manifestUrl
        ? await readPackageFiles(played.manifestUrl, options.signal).catch(() => "failed" as const)
        : null;
      if (files === "failed") return { state: "failed" };
      if (!files) return { state: "not_saveable" };
      return { ...base, files: await sizes(files, options.signal), pageGroups: [] };
    }
    default:
      return { state: "not_saveable" };
  }
}
