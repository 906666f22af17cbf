import type { EmblaCarouselType } from "embla-carousel";
import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useLayoutEffect, useState } from "react";

/** How long a native swipe must have stood still before embla takes the carousel over. */
const SETTLE_MS = 150;

type TakeOver = {
  viewport: HTMLElement;
  section: HTMLElement;
  /** The slide in view when embla takes over. */
  start: () => number;
  onReady: (api: EmblaCarouselType | undefined) => void;
};

/**
 * Embla takes the native list in `viewport` over (carousel.tsx loads this on the first sign of
 * use): once nothing has touched or scrolled it for SETTLE_MS, so never in the middle of a swipe,
 * from the slide `start()` says is in view, without moving anything. Renders nothing; unmounted,
 * it takes embla down.
 */
export default function EmblaTakeOver({ viewport, section, start, onReady }: TakeOver) {
  const [startIndex, setStartIndex] = useState<number>();
  useEffect(() => whenSettled(viewport, () => setStartIndex(start())), [viewport, start]);
  return startIndex === undefined ? null : (
    <Embla viewport={viewport} section={section} startIndex={startIndex} onReady={onReady} />
  );
}

function Embla({ viewport, section, startIndex, onReady }: Omit<TakeOver, "start"> & { startIndex: number }) {
  const [emblaRef, api] = useEmblaCarousel({ align: "start", startIndex });
  // Before the first paint with embla: its hook starts it in the effects this update flushes.
  useLayoutEffect(() => {
    const height = viewport.offsetHeight;
    section.setAttribute("data-enhanced", "true");
    // A desktop's scrollbar goes with the native scrolling: its room stays, so nothing below moves.
    const lost = height - viewport.offsetHeight;
    if (lost > 0) viewport.style.paddingBottom = `${lost}px`;
    // Embla moves the track itself.
    viewport.scrollLeft = 0;
    emblaRef(viewport);
  }, [emblaRef, section, viewport]);
  useEffect(() => {
    if (!api) return;
    onReady(api);
    return () => onReady(undefined);
  }, [api, onReady]);
  return null;
}

/** Calls `callback` once nothing has touched or scrolled `node` for SETTLE_MS; returns a function that cancels. */
function whenSettled(node: HTMLElement, callback: () => void) {
  let touching = false;
  let timer = 0;
  const wait = () => {
    window.clearTimeout(timer);
    if (!touching) timer = window.setTimeout(finish, SETTLE_MS);
  };
  const touchStart = () => {
    touching = true;
    window.clearTimeout(timer);
  };
  const touchEnd = () => {
    touching = false;
    wait();
  };
  const listeners = [
    ["touchstart", touchStart],
    ["touchend", touchEnd],
    ["touchcancel", touchEnd],
    ["scroll", wait],
  ] as const;
  const stop = () => {
    window.clearTimeout(timer);
    for (const [type, listener] of listeners) node.removeEventListener(type, listener);
  };
  function finish() {
    stop();
    callback();
  }
  for (const [type, listener] of listeners) node.addEventListener(type, listener, { passive: true });
  wait();
  return stop;
}
