import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * A modal that is a URL (DESIGN.md 'Routes'): rendered on the server as an open <dialog> over the
 * page, so it deep-links and works without JavaScript; with JavaScript it becomes a real modal
 * (focus trapped, Escape closes) and closing navigates to `closeTo`, returning focus to the opener.
 */
export function RouteDialog({
  title,
  closeTo,
  children,
}: {
  title: string;
  closeTo: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog.open) dialog.close();
    dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      navigate(closeTo, { preventScrollReset: true });
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      if (opener?.isConnected) opener.focus();
    };
  }, [closeTo, navigate]);

  return (
    <dialog ref={ref} open className="route-dialog" aria-labelledby={titleId}>
      <div className="route-dialog-header">
        <h2 id={titleId}>{title}</h2>
        <Link to={closeTo} preventScrollReset className="icon-button dialog-close" aria-label={t("dialog.close")}>
          ×
        </Link>
      </div>
      {children}
    </dialog>
  );
}
