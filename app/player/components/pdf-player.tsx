import { Link, useLocation } from "@remix-run/react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { PDF_FINISH_MS } from "~/domain/finish";
import {
  PDF_PAGE_GROUP,
  PDF_PAGE_WIDTHS,
  type PdfPageFormat,
  type PdfPageWidth,
  pdfPageGroups,
  pdfPageUrl,
} from "~/domain/media";
import { reflow } from "~/domain/pdf-text";
import { useHydrated } from "~/lib/hooks";
import { useTranslation } from "~/lib/i18n/use-translation";
import type { PdfDocument, PdfProblem } from "~/player/types";
import { useFinishAfterReady, useMediaStatus } from "./media-status";

/** The width the `src` fallback is drawn at: a 360 px phone at 2×. */
const FALLBACK_WIDTH: PdfPageWidth = 720;
/** The widest render, which the "enlarged page" link opens: twice a 360 px phone at 3×. */
const LARGEST_WIDTH: PdfPageWidth = 2160;
/** How wide a page shows: the dialog is min(56rem, 100vw - 1rem) less its padding; zoomed, twice that. */
const SIZES = "(min-width: 57rem) 53.5rem, calc(100vw - 2.5rem)";
const ZOOMED_SIZES = "(min-width: 57rem) 107rem, calc(200vw - 5rem)";

const srcSet = (path: string, page: number, format: PdfPageFormat) =>
  PDF_PAGE_WIDTHS.map((width) => `${pdfPageUrl(path, page, width, format)} ${width}w`).join(", ");

/**
 * A page's `<img>` in either view: the `<source>` offers the WebP renders at every width, which
 * every browser of the last five years takes; one PNG is the fallback of a browser without WebP
 * (a second list of every width cost each page ~600 bytes of HTML, a group of 60 pages 36 KB).
 */
const pageImage = (path: string, number: number, page: { width: number; height: number }) => ({
  src: pdfPageUrl(path, number, FALLBACK_WIDTH, "png"),
  width: page.width,
  height: page.height,
  decoding: "async" as const,
});

const PROBLEM_MESSAGES = {
  protected: "pdfProtected",
  damaged: "pdfDamaged",
  busy: "pdfBusy",
  unreadable: "documentFailed",
} as const;

/** The player's address showing the page group from page `first` (replacing the entry: closing the player goes back past the groups). */
function useGroupPath() {
  const base = useLocation()
    .pathname.replace(/\/pages\/\d+\/?$/, "")
    .replace(/\/$/, "");
  return (first: number) => (first === 1 ? base : `${base}/pages/${first}`);
}

/** Whether the style sheet shows `element` (the reading view: its radio checked, or a narrow screen's default). */
const displayed = (element: HTMLElement | null) => element !== null && getComputedStyle(element).display !== "none";

/** The two views' radio buttons: a browser's own control, so the reading view works without JavaScript (`:checked` in player.css). */
const TEXT_VIEW_ID = "pdf-ver-texto";
const PAGES_VIEW_ID = "pdf-ver-paginas";

/**
 * The reading view (issue #29 item 4): each page's text reflowed into paragraphs at the body's
 * font size, what a narrow screen opens on when the document has text; a scanned page (no text)
 * says so and stays an image.
 */
function ReadingView({ pdf, sizes, sectionRef }: { pdf: PdfDocument; sizes: string; sectionRef: RefObject<HTMLElement> }) {
  const { t } = useTranslation("player");
  return (
    <section ref={sectionRef} className="pdf-reading" aria-label={t("pdfReading")}>
      {pdf.pages.map((page, index) => {
        const number = pdf.first + index;
        const paragraphs = reflow(page.text);
        return (
          <article key={number} className="pdf-reading-page" aria-labelledby={`pdf-lectura-${number}`}>
            <h3 id={`pdf-lectura-${number}`} className="pdf-reading-number">
              {t("pdfReadingPage", { n: number, total: pdf.pageCount })}
            </h3>
            {paragraphs.length > 0 ? (
              paragraphs.map((paragraph, at) => (
                <p key={at} dir="auto">
                  {paragraph}
                </p>
              ))
            ) : (
              <>
                <p className="player-note">{t("pdfScanned")}</p>
                <picture>
                  <source type="image/webp" srcSet={srcSet(pdf.path, number, "webp")} sizes={sizes} />
                  <img
                    className="pdf-reading-scan"
                    {...pageImage(pdf.path, number, page)}
                    alt={t("pdfPage", { n: number, total: pdf.pageCount })}
                    loading="lazy"
                  />
                </picture>
              </>
            )}
          </article>
        );
      })}
      {pdf.pageCount > PDF_PAGE_GROUP ? <NextGroup pdf={pdf} /> : null}
    </section>
  );
}

/** Links to each page group, the shown one marked as the current page. */
function PageGroups({ pdf }: { pdf: PdfDocument }) {
  const { t } = useTranslation("player");
  const groupPath = useGroupPath();
  return (
    <nav className="pdf-groups" aria-label={t("pdfGroups")}>
      {pdfPageGroups(pdf.pageCount).map(({ first, last }) => (
        <Link key={first} to={groupPath(first)} replace aria-current={first === pdf.first ? "page" : undefined}>
          {t("pdfGroup", { first, last })}
        </Link>
      ))}
    </nav>
  );
}

/** After a group's last page, the link to the next group (`pages`: the one after the page images). */
function NextGroup({ pdf, pages = false }: { pdf: PdfDocument; pages?: boolean }) {
  const { t } = useTranslation("player");
  const groupPath = useGroupPath();
  const next = pdfPageGroups(pdf.pageCount).find(({ first }) => first > pdf.first);
  if (!next) return null;
  return (
    <p className={pages ? "player-link pdf-pages-next" : "player-link"}>
      <Link to={groupPath(next.first)} replace>
        {t("pdfNextGroup", next)}
      </Link>
    </p>
  );
}

/**
 * PDF (spec §4): the pages as images the server drew (app/player/server/pdf/), so the
 * document reads on any phone, with or without JavaScript; finished 15 s after the first page
 * loaded, or after the learner opened the original (a file the server cannot show says why). A
 * long file shows by page groups with links between them; each page has its text in reading order
 * behind "Ver texto" and a link to its largest render; with JavaScript, a zoom doubles the pages'
 * width (and the render the browser picks), as a pinch does. A reading view reflows the text; a
 * narrow screen opens on it. With Save-Data the pages wait behind a disclosure.
 */
export function PdfPlayer({
  src,
  pdf,
  saveData,
  onFinish,
}: {
  src: string;
  pdf: PdfDocument | { problem: PdfProblem } | null;
  saveData: boolean;
  onFinish: () => void;
}) {
  const { t } = useTranslation("player");
  const hydrated = useHydrated();
  const here = useLocation();
  const readable = pdf && "pages" in pdf ? pdf : null;
  const problem: PdfProblem | null = readable ? null : pdf && "problem" in pdf ? pdf.problem : "unreadable";
  const first = useRef<HTMLImageElement>(null);
  const [status, setStatus] = useMediaStatus(first, readable ? "loading" : "error");
  // Opening the original counts as opening the document, as the reading view showing does (a
  // phone opens on it; its text is there at once): the PDF timer runs from then too.
  const [openedOriginal, setOpenedOriginal] = useState(false);
  const readingRef = useRef<HTMLElement>(null);
  const [readingShown, setReadingShown] = useState(false);
  const checkReading = () => {
    if (displayed(readingRef.current)) setReadingShown(true);
  };
  // With JavaScript the radio of the view the screen opened on is checked, so the choice shows.
  const textRadio = useRef<HTMLInputElement>(null);
  const pagesRadio = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const [text, pages] = [textRadio.current, pagesRadio.current];
    const reading = displayed(readingRef.current);
    if (text && pages && !text.checked && !pages.checked) (reading ? text : pages).checked = true;
    if (reading) setReadingShown(true);
  }, []);
  useFinishAfterReady(openedOriginal || readingShown ? "ready" : status, PDF_FINISH_MS, onFinish);
  const [zoomed, setZoomed] = useState(false);
  // Pinched in, the pages ask for a render as large as the zoom's, so they stay sharp (issue #29 item 4).
  const [pinched, setPinched] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const onResize = () => {
      if (viewport.scale > 1.2) setPinched(true);
    };
    viewport.addEventListener("resize", onResize);
    return () => viewport.removeEventListener("resize", onResize);
  }, []);
  // A later page that cannot be drawn says so where it is, without undoing the first page's "ready";
  // also one that failed before hydration.
  const pagesRef = useRef<HTMLDivElement>(null);
  const [failedPages, setFailedPages] = useState<ReadonlySet<number>>(new Set());
  const pageFailed = (number: number) => setFailedPages((failed) => new Set(failed).add(number));
  useEffect(() => {
    pagesRef.current?.querySelectorAll(".pdf-page img").forEach((image, index) => {
      if (index > 0 && image instanceof HTMLImageElement && image.complete && image.naturalWidth === 0) pageFailed(index + 1);
    });
  }, []);

  const groups = readable && readable.pageCount > PDF_PAGE_GROUP ? <PageGroups pdf={readable} /> : null;
  const sizes = zoomed || pinched ? ZOOMED_SIZES : SIZES;
  const hasText = Boolean(readable?.pages.some((page) => page.text.trim()));
  const pages = readable ? (
    <div className={zoomed ? "pdf-pages pdf-zoomed" : "pdf-pages"} ref={pagesRef}>
      {readable.pages.map((page, index) => {
        const number = readable.first + index;
        const isFirst = index === 0;
        return (
          <figure key={number} className="pdf-page">
            <div className="pdf-page-image">
              <picture>
                <source type="image/webp" srcSet={srcSet(readable.path, number, "webp")} sizes={sizes} />
                <img
                  ref={isFirst ? first : undefined}
                  {...pageImage(readable.path, number, page)}
                  alt={t("pdfPage", { n: number, total: readable.pageCount })}
                  // A document with text opens on its reading view on a phone, the pages hidden: its first
                  // page waits until it shows (lazy) instead of downloading behind the text; a wide
                  // screen shows the pages and fetches it as soon as they are laid out.
                  loading={isFirst && !saveData && !hasText ? "eager" : "lazy"}
                  // The page is the player's largest paint: fetched first (lowercase for React 18, as on cards).
                  {...(isFirst && !saveData ? { fetchpriority: "high" } : {})}
                  onLoad={isFirst ? () => setStatus("ready") : undefined}
                  onError={isFirst ? () => setStatus("error") : () => pageFailed(index + 1)}
                />
              </picture>
            </div>
            {failedPages.has(index + 1) ? (
              <p className="player-error" role="alert">
                {t("documentFailed")}
              </p>
            ) : null}
            <div className="pdf-page-tools">
              {page.text ? (
                <details className="pdf-text">
                  <summary>{t("pdfShowText", { n: number })}</summary>
                  <div dir="auto">{page.text}</div>
                </details>
              ) : null}
              <a href={pdfPageUrl(readable.path, number, LARGEST_WIDTH, "png")} target="_blank" rel="noopener noreferrer">
                {t("pdfPageLarge", { n: number })}
              </a>
            </div>
          </figure>
        );
      })}
    </div>
  ) : null;

  return (
    <div className="player-pdf" data-text={hasText ? "" : undefined}>
      {problem || status === "error" ? (
        <p className="player-error" role="alert">
          {t(PROBLEM_MESSAGES[problem ?? "unreadable"])}
          {problem === "busy" ? (
            <>
              {" "}
              {/* The same address again: a plain link works without JavaScript. */}
              <a href={here.pathname + here.search}>{t("pdfRetry")}</a>
            </>
          ) : null}
        </p>
      ) : null}
      {readable && hasText ? (
        // Neither is chosen at first: the screen's width decides (player.css).
        <fieldset className="pdf-views">
          <legend>{t("pdfViews")}</legend>
          <label>
            <input type="radio" name="pdf-view" id={TEXT_VIEW_ID} ref={textRadio} onChange={checkReading} />
            {t("pdfReadText")}
          </label>
          <label>
            <input type="radio" name="pdf-view" id={PAGES_VIEW_ID} ref={pagesRadio} onChange={checkReading} />
            {t("pdfShowPages")}
          </label>
        </fieldset>
      ) : null}
      {readable && hydrated ? (
        <p className="player-actions pdf-zoom-actions">
          <button type="button" className="button button-small pdf-zoom" aria-pressed={zoomed} onClick={() => setZoomed(!zoomed)}>
            {t("pdfZoom")}
          </button>
        </p>
      ) : null}
      {groups}
      {readable && hasText ? <ReadingView pdf={readable} sizes={sizes} sectionRef={readingRef} /> : null}
      {pages && saveData ? (
        <details className="pdf-on-demand">
          <summary className="button button-primary">{t("loadDocument")}</summary>
          {pages}
        </details>
      ) : (
        pages
      )}
      {groups && readable ? <NextGroup pdf={readable} pages={hasText} /> : null}
      {saveData && pages ? <p className="player-note">{t("saveDataNote")}</p> : null}
      <p className="player-link">
        <a href={src} target="_blank" rel="noopener noreferrer" onClick={() => setOpenedOriginal(true)}>
          {t("openPdf")}
        </a>
      </p>
    </div>
  );
}
