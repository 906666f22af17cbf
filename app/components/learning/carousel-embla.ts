import EmblaCarousel, { type EmblaCarouselType } from "embla-carousel";

/** How long a native swipe must have stood still before embla takes the carousel over. */
const SETTLE_MS = 150;

/**
 * Embla takes the native list in `viewport` over (carousel.tsx, loaded on the first sign of use):
 * once nothing has touched or scrolled it for SETTLE_MS, so never in the middle of a swipe, from
 * the slide `start()` says is in view, without moving anything. Returns a function that cancels
 * the wait or takes embla down.
 */
export function takeOver(
  viewport: HTMLElement,
  section: HTMLElement,
  { start, onReady }: { start: () => number; onReady: (api: EmblaCarouselType) => void },
) {
  let created: EmblaCarouselType | undefined;
  const stop = whenSettled(viewport, () => {
    const startIndex = start();
    const height = viewport.offsetHeight;
    section.setAttribute("data-enhanced", "true");
    // A desktop's scrollbar goes with the native scrolling: its room stays, so nothing below moves.
    const lost = height - viewport.offsetHeight;
    if (lost > 0) viewport.style.paddingBottom = `${lost}px`;
    // Embla moves the track itself.
    viewport.scrollLeft = 0;
    created = EmblaCarousel(viewport, { align: "start", startIndex });
    onReady(created);
  });
  return () => {
    stop();
    created?.destroy();
  };
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
