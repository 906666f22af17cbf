import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";

/** Spec §4/§9: the education and languages dialogs close 0.5 s after saving, the photo one 0.8 s. */
export const CLOSE_AFTER_MS = 500;
export const PHOTO_CLOSE_AFTER_MS = 800;

/**
 * What a profile dialog shows once saved: the success text, and with JavaScript a timed return to
 * the profile; without it, a link back.
 */
export function SavedStep({ message, closeAfterMs = CLOSE_AFTER_MS }: { message: string; closeAfterMs?: number }) {
  const { t } = useTranslation("profile");
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/profile", { preventScrollReset: true }), closeAfterMs);
    return () => clearTimeout(timer);
  }, [navigate, closeAfterMs]);
  return (
    <div className="stack">
      <p className="form-success" role="status">
        {message}
      </p>
      <Link to="/profile" className="button">
        {t("close")}
      </Link>
    </div>
  );
}
