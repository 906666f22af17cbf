import { useEffect, useRef, useState } from "react";
import { EXTERNAL_WINDOW } from "~/domain/activity";
import { EXTERNAL_LINK_THRESHOLD, externalLinkFinished } from "~/domain/finish";
import { useTranslation } from "~/lib/i18n/use-translation";

const CHECK_EVERY_MS = 5_000;

/** Opens the link in an 800×600 window cut off from this page (no opener); null if the browser blocked it. */
function openWindow(url: string): boolean {
  const opened = window.open("", "_blank", `popup=yes,width=${EXTERNAL_WINDOW.width},height=${EXTERNAL_WINDOW.height}`);
  if (!opened) return false;
  opened.opener = null;
  opened.location.href = url;
  return true;
}

/**
 * External link (spec §4): the page opens in its own 800×600 window (copyright keeps it out of
 * the app); finished when the minutes already recorded plus those since it opened reach 98% of
 * the activity's duration. A blocked pop-up leaves the link for the learner to open.
 */
export function ExternalLinkPlayer({
  link,
  durationMinutes,
  recordedMinutes,
  finishing,
  onFinish,
}: {
  link: { url: string; windowUrl: string };
  durationMinutes: number;
  recordedMinutes: number;
  finishing: boolean;
  onFinish: () => void;
}) {
  const { t } = useTranslation("player");
  // The minutes recorded before this visit: what this visit sends must not count twice.
  const [recordedBefore] = useState(recordedMinutes);
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const [blocked, setBlocked] = useState(false);
  const tried = useRef(false);
  const onFinishRef = useRef(onFinish);
  onFinishRef.current = onFinish;

  useEffect(() => {
    if (tried.current) return;
    tried.current = true;
    if (openWindow(link.windowUrl)) setOpenedAt(Date.now());
    else setBlocked(true);
  }, [link.windowUrl]);

  // The time counted so far, shown and checked every few seconds.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (openedAt === null || finishing) return;
    const check = () => {
      setNow(Date.now());
      if (externalLinkFinished(recordedBefore, (Date.now() - openedAt) / 60_000, durationMinutes)) onFinishRef.current();
    };
    check();
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    document.addEventListener("visibilitychange", check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, [openedAt, finishing, recordedBefore, durationMinutes]);

  // A click may open the window where the automatic try was blocked; if not, the link itself opens it.
  const open = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (openWindow(link.windowUrl)) event.preventDefault();
    setBlocked(false);
    setOpenedAt((current) => current ?? Date.now());
  };

  return (
    <div className="player-external">
      {openedAt !== null ? (
        <>
          <p className="player-status" role="status">
            {t("externalOpened")}
          </p>
          {finishing ? null : (
            <p className="player-note">
              {t("externalProgress", {
                needed: clock(EXTERNAL_LINK_THRESHOLD * durationMinutes * 60_000),
                counted: clock(recordedBefore * 60_000 + Math.max(0, now - openedAt)),
              })}
            </p>
          )}
        </>
      ) : null}
      {blocked ? <p className="player-note">{t("externalBlocked")}</p> : null}
      <p className="player-link">
        <a href={link.url} target="_blank" rel="noopener noreferrer" className="button button-primary" onClick={open}>
          {t("openLink")}
        </a>
      </p>
    </div>
  );
}

/** A time as m:ss ('1:58'), floored to the second. */
function clock(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
