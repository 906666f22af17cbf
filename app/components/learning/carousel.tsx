import useEmblaCarousel from "embla-carousel-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * An embla carousel (spec §9: 1/2/3 slides at 320/620/1024 px, gap 20 px, rewind). Without
 * JavaScript it is a horizontally scrollable list with scroll snapping; every slide stays a link.
 * `onSelect` reports the slide in view; `controls` adds previous/next buttons (which rewind) and dots.
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
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const [viewportRef, api] = useEmblaCarousel({ align: "start", startIndex, duration: reducedMotion ? 0 : 25 });
  const [selected, setSelected] = useState(startIndex);

  useEffect(() => {
    if (!api) return;
    const update = () => {
      setSelected(api.selectedScrollSnap());
      onSelect?.(api.selectedScrollSnap());
    };
    api.on("select", update);
    return () => {
      api.off("select", update);
    };
  }, [api, onSelect]);

  const go = useCallback(
    (step: 1 | -1) => {
      if (!api) return;
      const last = api.scrollSnapList().length - 1;
      const current = api.selectedScrollSnap();
      api.scrollTo(step === 1 ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1);
    },
    [api],
  );

  return (
    <section className="carousel" data-per-page={perPage} data-variant={variant} data-enhanced={hydrated} aria-roledescription="carousel" aria-label={label}>
      <div className="carousel-viewport" ref={viewportRef}>
        <ul className="carousel-track">
          {children.map((child, index) => (
            <li key={index} className="carousel-slide" aria-roledescription="slide" aria-label={`${index + 1} / ${children.length}`}>
              {child}
            </li>
          ))}
        </ul>
      </div>
      {controls && hydrated && children.length > 1 ? (
        <div className="carousel-controls">
          <button type="button" className="icon-button carousel-arrow" onClick={() => go(-1)} aria-label={t("previous")}>
            ‹
          </button>
          <div className="carousel-dots">
            {children.map((_, index) => (
              <button
                key={index}
                type="button"
                className="carousel-dot"
                aria-label={t("goToSlide", { n: index + 1 })}
                aria-current={index === selected}
                onClick={() => api?.scrollTo(index)}
              />
            ))}
          </div>
          <button type="button" className="icon-button carousel-arrow" onClick={() => go(1)} aria-label={t("next")}>
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
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
