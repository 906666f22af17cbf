import type { EmblaCarouselType } from "embla-carousel";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";

/** What shows that someone is about to use a carousel: embla is loaded then, not with the page. */
const INTENT_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown", "wheel"] as const;
/** Those that scroll the list by hand (the others only hover or move the focus). */
const SWIPES = new Set(["pointerdown", "touchstart", "wheel"]);

type Step = (api: EmblaCarouselType) => void;

/** More slides than this show 'n de N' between the arrows: their dots would wrap to a second row on a phone. */
const MAX_DOTS = 5;

/** Embla through its React hook, in a chunk of its own; a chunk that fails to load leaves the native list, which still scrolls. */
const EmblaTakeOver = lazy(() => import("./carousel-embla").catch(() => ({ default: () => null })));

/**
 * An embla carousel (spec §9: 1/2/3 slides at 320/620/1024 px, gap 20 px, rewind). Without
 * JavaScript it is a horizontally scrollable list with scroll snapping; every slide stays a link.
 * With JavaScript it stays that list until someone reaches for it (a pointer over it, a touch,
 * focus, a key, a wheel); embla is loaded then and takes over from the slide in view, once a
 * native swipe has settled, without moving anything (decision 027). `onSelect` reports the slide
 * in view; `controls` adds previous/next buttons (which rewind) and dots, whose first tap waits
 * for embla.
 */
export function Carousel({
  label,
  children,
  perPage = "responsive",
  variant,
  controls = false,
  startIndex = 0,
  onSelect,
}: {
  label: string;
  children: ReactNode[];
  perPage?: "responsive" | "one";
  /** `stacked`: the slides behind the one in view show as a pile of cards. */
  variant?: "stacked";
  controls?: boolean;
  startIndex?: number;
  onSelect?: (index: number) => void;
}) {
  const { t } = useTranslation("learning");
  const reducedMotion = usePrefersReducedMotion();
  const section = useRef<HTMLElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  const [api, setApi] = useState<EmblaCarouselType>();
  const [selected, setSelected] = useState(startIndex);
  // A control tapped before embla arrived: done once it has.
  const pending = useRef<Step>();
  // The start slide last shown, natively or by embla.
  const shownStart = useRef(startIndex);
  // Whether the native list may have been scrolled by hand before embla arrived.
  const swiped = useRef(false);
  const latest = useRef({ selected, onSelect });
  latest.current = { selected, onSelect };

  // Until embla runs, the native list shows the start slide and waits for a first sign of use.
  useEffect(() => {
    const node = viewport.current;
    const root = section.current;
    if (api || !node || !root) return;
    node.scrollLeft = startIndex * slideWidth(node);
    shownStart.current = startIndex;
    const want = (event: Event) => {
      if (SWIPES.has(event.type)) swiped.current = true;
      setWanted(true);
    };
    for (const type of INTENT_EVENTS) root.addEventListener(type, want, { passive: true });
    return () => {
      for (const type of INTENT_EVENTS) root.removeEventListener(type, want);
    };
  }, [api, startIndex]);

  // The slide a native swipe left in view.
  const inView = useCallback(
    () => (viewport.current ? Math.round(viewport.current.scrollLeft / slideWidth(viewport.current)) : 0),
    [],
  );

  // Embla starts with its default duration; before a control's first step runs below.
  useEffect(() => {
    api?.reInit({ duration: reducedMotion ? 0 : 25 });
  }, [api, reducedMotion]);

  useEffect(() => {
    if (!api) return;
    const update = () => {
      const index = api.selectedScrollSnap();
      setSelected(index);
      latest.current.onSelect?.(index);
    };
    // A native swipe before embla arrived may have moved the carousel on; the browser scrolling to
    // a focused slide did not choose it (WCAG 3.2.1: the route page's levels change the page).
    const index = api.selectedScrollSnap();
    if (index !== latest.current.selected) {
      if (swiped.current) update();
      else setSelected(index);
    }
    api.on("select", update);
    const step = pending.current;
    pending.current = undefined;
    step?.(api);
    return () => {
      api.off("select", update);
    };
  }, [api]);

  // The page moved to another start slide (the route page's levels after a navigation).
  useEffect(() => {
    if (!api || shownStart.current === startIndex) return;
    shownStart.current = startIndex;
    if (api.selectedScrollSnap() !== startIndex) api.scrollTo(startIndex, true);
  }, [api, startIndex]);

  const run = useCallback(
    (step: Step) => {
      if (api) return step(api);
      pending.current = step;
      setWanted(true);
    },
    [api],
  );
  const go = (direction: 1 | -1) =>
    run((carousel) => {
      const last = carousel.scrollSnapList().length - 1;
      const current = carousel.selectedScrollSnap();
      carousel.scrollTo(direction === 1 ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1);
    });

  return (
    <section
      ref={section}
      className="carousel"
      data-per-page={perPage}
      data-variant={variant}
      data-enhanced={Boolean(api)}
      aria-roledescription="carousel"
      aria-label={label}
    >
      <div className="carousel-viewport" ref={viewport}>
        <ul className="carousel-track">
          {children.map((child, index) => (
            <li
              key={index}
              className="carousel-slide"
              aria-roledescription="slide"
              aria-label={`${index + 1} / ${children.length}`}
            >
              {child}
            </li>
          ))}
        </ul>
      </div>
      {wanted && viewport.current && section.current ? (
        <Suspense fallback={null}>
          <EmblaTakeOver viewport={viewport.current} section={section.current} start={inView} onReady={setApi} />
        </Suspense>
      ) : null}
      {/* Rendered by the server too, so that nothing moves once scripts run; hidden without them. */}
      {controls && children.length > 1 ? (
        <div className="carousel-controls js-only">
          <button type="button" className="icon-button carousel-arrow" onClick={() => go(-1)} aria-label={t("previous")}>
            ‹
          </button>
          {children.length > MAX_DOTS ? (
            <p className="carousel-position" aria-live="polite">
              {t("slidePosition", { n: selected + 1, total: children.length })}
            </p>
          ) : (
            <div className="carousel-dots">
              {children.map((_, index) => (
                <button
                  key={index}
                  type="button"
                  className="carousel-dot"
                  aria-label={t("goToSlide", { n: index + 1 })}
                  aria-current={index === selected}
                  onClick={() => run((carousel) => carousel.scrollTo(index))}
                />
              ))}
            </div>
          )}
          <button type="button" className="icon-button carousel-arrow" onClick={() => go(1)} aria-label={t("next")}>
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** The width one step of the native list scrolls: a slide's (1 with none, never a division by 0). */
function slideWidth(viewport: HTMLElement) {
  return viewport.querySelector<HTMLElement>(".carousel-slide")?.offsetWidth || 1;
}

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const listener = () => setReduced(query.matches);
    query.addEventListener("change", listener);
    return () => query.removeEventListener("change", listener);
  }, []);
  return reduced;
}
