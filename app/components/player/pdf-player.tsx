import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { type MediaStatus, useFinishAfterReady } from "./media-status";
import { LoadNotice, NoScriptNote, useScripted } from "./notes";
import { PDF_FINISH_MS } from "./rules";

/**
 * PDF (spec §4): the pages drawn by pdf.js (app/components/player/pdf-renderer.client.ts), so the
 * document reads on any phone; finished 15 s after it loaded. With Save-Data the document waits
 * for a tap. The link opens the file itself, which is also the way without JavaScript.
 */
export function PdfPlayer({
  src,
  title,
  saveData,
  onFinish,
}: {
  src: string;
  title: string;
  saveData: boolean;
  onFinish: () => void;
}) {
  const { t } = useTranslation("player");
  const scripted = useScripted();
  const pages = useRef<HTMLDivElement>(null);
  const [requested, setRequested] = useState(!saveData);
  const [status, setStatus] = useState<MediaStatus>("loading");
  useFinishAfterReady(status, PDF_FINISH_MS, onFinish);

  useEffect(() => {
    const container = pages.current;
    if (!requested || !container) return;
    const abort = new AbortController();
    import("./pdf-renderer.client")
      .then(({ renderPdf }) =>
        renderPdf(container, src, {
          signal: abort.signal,
          labels: { page: (n, total) => t("pdfPage", { n, total, title }) },
        })
      )
      .then(
        () => !abort.signal.aborted && setStatus("ready"),
        () => !abort.signal.aborted && setStatus("error")
      );
    return () => abort.abort();
  }, [requested, src, title, t]);

  return (
    <div className="player-pdf">
      <NoScriptNote text={t("pdfNeedsJs")} />
      {scripted && !requested ? (
        <p className="player-actions">
          <button type="button" className="button button-primary" onClick={() => setRequested(true)}>
            {t("loadDocument")}
          </button>
          <span className="player-note">{t("saveDataNote")}</span>
        </p>
      ) : null}
      {requested ? <LoadNotice status={status} loading={t("contentLoading")} failed={t("documentFailed")} /> : null}
      <div ref={pages} className="pdf-pages" data-status={requested ? status : "waiting"} />
      <p className="player-link">
        <a href={src} target="_blank" rel="noopener noreferrer">
          {t("openPdf")}
        </a>
      </p>
    </div>
  );
}
