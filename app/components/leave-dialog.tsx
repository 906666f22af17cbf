import type { Blocker } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { useFocusTrap } from "~/components/route-dialog";
import { useTranslation } from "~/lib/i18n/use-translation";

/**
 * The leave confirmation of spec §8: '¿Esta seguro de abandonar esta sección?' with No and Si,
 * shown while `blocker` (from `useDirtyForm`) holds a navigation away from a form with typed values.
 */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  if (blocker.state !== "blocked") return null;
  return <LeaveQuestion onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />;
}

function LeaveQuestion({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const stay = useRef(onStay);
  stay.current = onStay;
  useFocusTrap(ref);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // Escape, or the browser closing the dialog itself (a second Escape with no tap between), means No.
    const onCancel = (event: Event) => {
      event.preventDefault();
      stay.current();
    };
    const onClose = () => stay.current();
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onClose);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onClose);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // In <body>, not inside the dialog that asked: a modal over a modal, outside its focus trap.
  return createPortal(
    <dialog ref={ref} className="route-dialog leave-dialog" aria-labelledby="leave-title" aria-describedby="leave-text">
      <h2 id="leave-title">{t("leave.title")}</h2>
      <p id="leave-text">{t("leave.text")}</p>
      <div className="button-row">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- an open dialog takes the focus, on its safe answer */}
        <button type="button" className="button" onClick={onStay} autoFocus>
          {t("leave.no")}
        </button>
        <button type="button" className="button button-primary" onClick={onLeave}>
          {t("leave.yes")}
        </button>
      </div>
    </dialog>,
    document.body,
  );
}
