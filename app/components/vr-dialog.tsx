import { Link, useLocation } from "@remix-run/react";
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
  return (
    <RouteDialog title={t("pages.vr")} closeTo={withoutVr(location)} dismissOnBackdrop>
      {vr.pin ? (
        <>
          <p>{t("vr.intro")}</p>
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
