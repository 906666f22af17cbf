import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The one error page: a friendly message in the user's language, never a stack. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="page page-narrow error-page">
      <h1>{notFound ? t("errors.notFound") : t("errors.generic")}</h1>
      <p>
        <Link to="/" className="button">
          {t("errors.backHome")}
        </Link>
      </p>
    </main>
  );
}
