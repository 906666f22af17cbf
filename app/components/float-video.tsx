import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/hooks";

/** Spec §9: the float video starts 0.5 s after it loads and unmutes 0.1 s later. */
export const AUTOPLAY_AFTER_MS = 500;
export const UNMUTE_AFTER_MS = 100;

/**
 * The floating welcome video of spec §3/§4: no controls, no close button, gone when it ends. It
 * starts muted (browsers allow that) and unmutes where the browser lets it, else stays muted.
 * With Save-Data, or when the browser refuses to autoplay, it waits for a tap. Without
 * JavaScript it is a plain video with controls.
 */
export function FloatVideo({
  src,
  saveData,
  label,
  playLabel,
}: {
  src: string;
  saveData: boolean;
  label: string;
  playLabel: string;
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLVideoElement>(null);
  const [ended, setEnded] = useState(false);
  const [waitingForTap, setWaitingForTap] = useState(saveData);

  useEffect(() => {
    const video = ref.current;
    if (!hydrated || saveData || !video) return;
    let unmute: ReturnType<typeof setTimeout> | undefined;
    const start = setTimeout(() => {
      video.play().then(
        () => {
          unmute = setTimeout(() => {
            video.muted = false;
            // A browser that forbids sound without a gesture pauses the video: keep it muted then.
            if (video.paused && !video.ended) {
              video.muted = true;
              video.play().catch(() => setWaitingForTap(true));
            }
          }, UNMUTE_AFTER_MS);
        },
        () => setWaitingForTap(true),
      );
    }, AUTOPLAY_AFTER_MS);
    return () => {
      clearTimeout(start);
      clearTimeout(unmute);
    };
  }, [hydrated, saveData]);

  if (ended) return null;
  if (!hydrated) {
    return (
      <div className="float-video">
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the legacy API sends no captions for its videos */}
        <video src={src} controls playsInline preload={saveData ? "none" : "metadata"} aria-label={label} />
      </div>
    );
  }
  const playOnTap = () => {
    const video = ref.current;
    if (!video) return;
    setWaitingForTap(false);
    video.muted = false;
    video.play().catch(() => setWaitingForTap(true));
  };
  return (
    <div className="float-video">
      <video
        ref={ref}
        src={src}
        muted
        playsInline
        preload={saveData ? "none" : "auto"}
        aria-label={label}
        onEnded={() => setEnded(true)}
        onError={() => setEnded(true)}
      />
      {waitingForTap ? (
        <button type="button" className="float-video-play" onClick={playOnTap}>
          <span aria-hidden="true">▶</span> {playLabel}
        </button>
      ) : null}
    </div>
  );
}
