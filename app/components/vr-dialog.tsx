import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import type { VrDialogData } from "~/lib/vr";
import { PinCounter } from "./pin-counter";
import { RouteDialog } from "./route-dialog";

/**
 * 'Experiencia VR' (spec §4 'VR modal') over the page it was opened from: the PIN, or why it could
 * not be read with a way to try again. Closing returns to that page, whose next load has no PIN.
 * The layout gives both addresses, so this chunk carries none of the URL rules (`~/lib/vr`).
 */
export function VrDialog({ vr, closeTo, retryTo }: { vr: VrDialogData; closeTo: string; retryTo: string }) {
  const { t } = useTranslation();
  const intro = useRef<HTMLParagraphElement>(null);
  // 'Reintentar' is gone once the PIN arrives: its focus moves to the text that goes with the PIN.
  useEffect(() => {
    if (vr.pin && document.activeElement === document.body) intro.current?.focus();
  }, [vr.pin]);
  return (
    <RouteDialog title={t("pages.vr")} closeTo={closeTo} dismissOnBackdrop>
      {vr.pin ? (
        <>
          <p ref={intro} tabIndex={-1}>
            {t("vr.intro")}
          </p>
          <PinCounter digits={vr.pin} />
        </>
      ) : (
        <div className="stack">
          <div role="alert">
            {vr.problem.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          <Link to={retryTo} preventScrollReset className="button">
            {t("vr.retry")}
          </Link>
        </div>
      )}
    </RouteDialog>
  );
}
