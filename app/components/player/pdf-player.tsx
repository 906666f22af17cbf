import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { PDF_FINISH_MS } from "~/domain/finish";
import { PDF_PAGE_WIDTHS, type PdfPageFormat, type PdfPageWidth, pdfPageUrl } from "~/domain/media";
import { useFinishAfterReady, useMediaStatus } from "./media-status";
import type { PdfDocument } from "./types";

/** The width the `src` fallback is drawn at: a 360 px phone at 2×. */
const FALLBACK_WIDTH: PdfPageWidth = 720;
/** How wide a page shows: the dialog is min(56rem, 100vw - 1rem) less its padding. */
const SIZES = "(min-width: 57rem) 53.5rem, calc(100vw - 2.5rem)";

const srcSet = (path: string, page: number, format: PdfPageFormat) =>
  PDF_PAGE_WIDTHS.map((width) => `${pdfPageUrl(path, page, width, format)} ${width}w`).join(", ");

/**
 * PDF (spec §4): the pages as images the server drew (app/lib/pdf-pages.server.ts), so the
 * document reads on any phone, with or without JavaScript; finished 15 s after the first page
 * loaded. With Save-Data the pages wait behind a disclosure the learner opens. The link opens the
 * file itself.
 */
export function PdfPlayer({
  src,
  title,
  pdf,
  saveData,
  onFinish,
}: {
  src: string;
  title: string;
  pdf: PdfDocument | null;
  saveData: boolean;
  onFinish: () => void;
}) {
  const { t } = useTranslation("player");
  const first = useRef<HTMLImageElement>(null);
  const [status, setStatus] = useMediaStatus(first, pdf ? "loading" : "error");
  useFinishAfterReady(status, PDF_FINISH_MS, onFinish);
  // A later page that cannot be drawn says so where it is, without undoing the first page's "ready";
  // also one that failed before hydration.
  const pagesRef = useRef<HTMLDivElement>(null);
  const [failedPages, setFailedPages] = useState<ReadonlySet<number>>(new Set());
  const pageFailed = (number: number) => setFailedPages((failed) => new Set(failed).add(number));
  useEffect(() => {
    pagesRef.current?.querySelectorAll("img").forEach((image, index) => {
      if (index > 0 && image.complete && image.naturalWidth === 0) pageFailed(index + 1);
    });
  }, []);

  const pages = pdf ? (
    <div className="pdf-pages" ref={pagesRef}>
      {pdf.pages.map((page, index) => {
        const number = index + 1;
        const isFirst = index === 0;
        return (
          <figure key={number} className="pdf-page">
            <picture>
              <source type="image/webp" srcSet={srcSet(pdf.path, number, "webp")} sizes={SIZES} />
              <img
                ref={isFirst ? first : undefined}
                src={pdfPageUrl(pdf.path, number, FALLBACK_WIDTH, "png")}
                srcSet={srcSet(pdf.path, number, "png")}
                sizes={SIZES}
                width={page.width}
                height={page.height}
                alt={t("pdfPage", { n: number, total: pdf.pageCount, title })}
                loading={isFirst && !saveData ? "eager" : "lazy"}
                decoding="async"
                onLoad={isFirst ? () => setStatus("ready") : undefined}
                onError={isFirst ? () => setStatus("error") : () => pageFailed(number)}
              />
            </picture>
            {failedPages.has(number) ? (
              <p className="player-error" role="alert">
                {t("documentFailed")}
              </p>
            ) : null}
            {page.text ? <figcaption className="visually-hidden">{page.text}</figcaption> : null}
          </figure>
        );
      })}
    </div>
  ) : null;

  return (
    <div className="player-pdf">
      {status === "error" ? (
        <p className="player-error" role="alert">
          {t("documentFailed")}
        </p>
      ) : null}
      {pages && saveData ? (
        <details className="pdf-on-demand">
          <summary className="button button-primary">{t("loadDocument")}</summary>
          {pages}
        </details>
      ) : (
        pages
      )}
      {saveData && pages ? <p className="player-note">{t("saveDataNote")}</p> : null}
      {pdf && pdf.pageCount > pdf.pages.length ? (
        <p className="player-note">{t("pdfMorePages", { shown: pdf.pages.length, total: pdf.pageCount })}</p>
      ) : null}
      <p className="player-link">
        <a href={src} target="_blank" rel="noopener noreferrer">
          {t("openPdf")}
        </a>
      </p>
      {/* Last: gone on hydration, it shifts nothing below it (CLS). */}
    </div>
  );
}
