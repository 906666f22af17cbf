import { type RefObject, useEffect, useRef, useState } from "react";

export type MediaStatus = "loading" | "ready" | "error";

/**
 * The state of a media element or image, including what happened before hydration: a server-
 * rendered element may have loaded (or failed) before React attached its handlers.
 */
export function useMediaStatus(ref: RefObject<HTMLMediaElement | HTMLImageElement>, initial: MediaStatus = "loading") {
  const [status, setStatus] = useState<MediaStatus>(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (element instanceof HTMLImageElement) {
      if (element.complete) setStatus(element.naturalWidth > 0 ? "ready" : "error");
    } else if (element.error) {
      setStatus("error");
    } else if (element.readyState >= HTMLMediaElement.HAVE_METADATA) {
      setStatus("ready");
    }
  }, [ref]);
  return [status, setStatus] as const;
}

/** Calls `onFinish` `delayMs` after the content is ready (the image and PDF rules of spec §4). */
export function useFinishAfterReady(status: MediaStatus, delayMs: number, onFinish: () => void) {
  const onFinishRef = useRef(onFinish);
  onFinishRef.current = onFinish;
  useEffect(() => {
    if (status !== "ready") return;
    const timer = window.setTimeout(() => onFinishRef.current(), delayMs);
    return () => window.clearTimeout(timer);
  }, [status, delayMs]);
}
