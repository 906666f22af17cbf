import { useRef } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useMediaStatus } from "./media-status";
import { LoadNotice } from "./notes";

/**
 * Video and audio (spec §4): the browser's own player; finished on `ended`. Both play without
 * JavaScript too. With Save-Data nothing loads until the learner presses play, so there is
 * nothing to wait for.
 */
export function MediaElementPlayer({
  kind,
  src,
  title,
  saveData,
  onEnded,
}: {
  kind: "video" | "audio";
  src: string;
  title: string;
  saveData: boolean;
  onEnded: () => void;
}) {
  const { t } = useTranslation("player");
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [status, setStatus] = useMediaStatus(ref, saveData ? "ready" : "loading");
  const Element = kind;
  return (
    <div className={`player-media player-${kind}`}>
      <Element
        ref={ref}
        src={src}
        controls
        playsInline={kind === "video" ? true : undefined}
        autoPlay={!saveData}
        preload={saveData ? "none" : "metadata"}
        aria-label={title}
        onLoadedMetadata={() => setStatus("ready")}
        onError={() => setStatus("error")}
        onEnded={onEnded}
      >
        {t(kind === "video" ? "videoUnsupported" : "audioUnsupported")}
      </Element>
      <LoadNotice status={status} loading={t(kind === "video" ? "videoLoading" : "contentLoading")} failed={t("mediaFailed")} />
    </div>
  );
}
