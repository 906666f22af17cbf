import { Link, useNavigate } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n/use-translation";

/** Spec §2 'Support': back goes back in history, or to `fallback` when there is none. */
export function BackButton({ fallback = "/" }: { fallback?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Link
      to={fallback}
      className="back-link"
      onClick={(event) => {
        if (window.history.state?.idx > 0) {
          event.preventDefault();
          navigate(-1);
        }
      }}
    >
      ← {t("dialog.back")}
    </Link>
  );
}
