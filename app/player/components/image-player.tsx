import { useRef } from "react";
import { IMAGE_FINISH_MS } from "~/domain/finish";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useFinishAfterReady, useMediaStatus } from "./media-status";
import { LoadNotice } from "./notes";

/** Image (spec §4): finished 5 s after it loaded. It shows without JavaScript too. */
export function ImagePlayer({ src, title, onFinish }: { src: string; title: string; onFinish: () => void }) {
  const { t } = useTranslation("player");
  const ref = useRef<HTMLImageElement>(null);
  const [status, setStatus] = useMediaStatus(ref);
  useFinishAfterReady(status, IMAGE_FINISH_MS, onFinish);
  return (
    <div className="player-media player-image">
      <img
        ref={ref}
        src={src}
        alt={title}
        decoding="async"
        onLoad={() => setStatus("ready")}
        onError={() => setStatus("error")}
      />
      <LoadNotice status={status} loading={t("contentLoading")} failed={t("mediaFailed")} />
    </div>
  );
}
