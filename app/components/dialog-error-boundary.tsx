import { useErrorView } from "~/components/error-boundary";
import { RouteDialog } from "~/components/route-dialog";
import { useTranslation } from "~/lib/i18n/use-translation";

/**
 * A dialog route's error boundary (decision 037): the error page's message and request id inside
 * the dialog, over the page it opened on, which stays; closing goes back to that page.
 * `title` and `message` let a dialog say what failed in its own words (the player's).
 */
export function DialogErrorBoundary({ closeTo, title, message }: { closeTo: string; title?: string; message?: string }) {
  const { notFound, unavailable, requestId } = useErrorView();
  const { t } = useTranslation();
  const said = message ?? (unavailable ? t("errors.unavailable") : null);
  return (
    <RouteDialog title={title ?? (notFound ? t("errors.notFound") : t("errors.generic"))} closeTo={closeTo} dismissOnBackdrop>
      {said ? (
        <p className="dialog-error" role="alert">
          {said}
        </p>
      ) : null}
      {requestId ? <p className="request-id">{t("errors.requestId", { id: requestId })}</p> : null}
    </RouteDialog>
  );
}
