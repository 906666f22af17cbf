import { useTranslation } from "~/lib/i18n/use-translation";

/** Spec §1: accounts cannot be self-registered; the help says to ask the leader. */
export function NoAccountHelp() {
  const { t } = useTranslation("guest");
  return (
    <details className="help">
      <summary>{t("auth.noAccount")}</summary>
      <p>{t("auth.noAccountText")}</p>
    </details>
  );
}
