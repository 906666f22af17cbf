import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { type VrDialogData, withoutVr, withVr } from "~/lib/vr";
import { PinCounter } from "./pin-counter";
import { RouteDialog } from "./route-dialog";

/**
 * 'Experiencia VR' (spec §4 'VR modal') over the page it was opened from: the PIN, or why it could
 * not be read with a way to try again. Closing returns to that page, whose next load has no PIN.
 */
export function VrDialog({ vr }: { vr: VrDialogData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const intro = useRef<HTMLParagraphElement>(null);
  // 'Reintentar' is gone once the PIN arrives: its focus moves to the text that goes with the PIN.
  useEffect(() => {
    if (vr.pin && document.activeElement === document.body) intro.current?.focus();
  }, [vr.pin]);
  return (
    <RouteDialog title={t("pages.vr")} closeTo={withoutVr(location)} dismissOnBackdrop>
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
          <Link to={withVr(location)} preventScrollReset className="button">
            {t("vr.retry")}
          </Link>
        </div>
      )}
    </RouteDialog>
  );
}
