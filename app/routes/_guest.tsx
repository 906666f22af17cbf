import { Link, Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LanguageSelect } from "~/components/language-select";

/** The guest layout: brand and language selector over the guest pages. */
export default function GuestLayout() {
  const { t } = useTranslation();
  return (
    <div className="guest-layout">
      <header className="guest-header">
        <Link to="/welcome" className="brand">
          {t("app.name")}
        </Link>
        <LanguageSelect />
      </header>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
