import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { LanguageSelect } from "./language-select";

/**
 * The header outside the app's layout (spec §2), on the guest pages and the onboarding steps: the
 * brand, linking to `home`, and the language; `children` go under them (the guest navigation).
 */
export function GuestHeader({ home, children }: { home: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="guest-header">
      <div className="guest-header-top">
        <NavLink to={home} className="brand">
          {t("app.name")}
        </NavLink>
        <LanguageSelect />
      </div>
      {children}
    </header>
  );
}
