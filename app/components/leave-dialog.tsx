import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";

/** The leave confirmation of spec §8: '¿Esta seguro de abandonar esta sección?' with No and Si. */
export function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation("onboarding");
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onStay();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, [onStay]);

  return (
    <dialog ref={ref} className="route-dialog leave-dialog" aria-labelledby="leave-title" aria-describedby="leave-text">
      <h2 id="leave-title">{t("leave.title")}</h2>
      <p id="leave-text">{t("leave.text")}</p>
      <div className="button-row">
        <button type="button" className="button" onClick={onStay} autoFocus>
          {t("leave.no")}
        </button>
        <button type="button" className="button button-primary" onClick={onLeave}>
          {t("leave.yes")}
        </button>
      </div>
    </dialog>
  );
}
