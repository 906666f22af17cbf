import { useTranslation } from "~/lib/i18n/use-translation";

/** A leader feature whose legacy extension the upstream lacks (docs/legacy-api-extensions.md). */
export function ComingSoon() {
  const { t } = useTranslation("leader");
  return (
    <p className="empty-state" role="status">
      <strong>{t("comingSoon")}</strong> {t("comingSoonText")}
    </p>
  );
}
