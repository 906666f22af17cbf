import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { UnavailableData } from "~/infra/request-id.server";
import { useRootData } from "~/lib/hooks";
import { useTranslation } from "~/lib/i18n/use-translation";

function requestIdIn(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const data = error.data as Partial<UnavailableData> | null;
  return typeof data?.requestId === "string" ? data.requestId : null;
}

/** The id of the request an error boundary shows: the failed loader's, else the page's own. */
export function useErrorRequestId(): string | null {
  const error = useRouteError();
  const rootData = useRootData();
  return requestIdIn(error) ?? rootData?.requestId ?? null;
}

/**
 * What an error boundary says, the same on a page and in a dialog: not found, or the generic
 * message (and that the service does not answer, on a 503) with the request id the server logged.
 */
export function useErrorView() {
  const error = useRouteError();
  const requestId = useErrorRequestId();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return {
    notFound,
    unavailable: isRouteErrorResponse(error) && error.status === 503,
    requestId: notFound ? null : requestId,
  };
}

/**
 * The one error page: a friendly message in the user's language and the request id the server
 * logged (from the failed loader, else from the page's own request), never a stack.
 */
export function GeneralErrorBoundary() {
  const { notFound, unavailable, requestId } = useErrorView();
  const { t } = useTranslation();
  return (
    <main id="main" className="page page-narrow error-page">
      <h1>{notFound ? t("errors.notFound") : t("errors.generic")}</h1>
      {unavailable ? <p>{t("errors.unavailable")}</p> : null}
      {requestId ? <p className="request-id">{t("errors.requestId", { id: requestId })}</p> : null}
      <p>
        <Link to="/" className="button">
          {t("errors.backHome")}
        </Link>
      </p>
    </main>
  );
}
