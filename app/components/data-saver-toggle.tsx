import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useSaveData } from "~/lib/save-data";

/** A switch for data saver (no autoplay, light covers, no media preload); works without JavaScript. */
export function DataSaverToggle() {
  const { t } = useTranslation();
  const location = useLocation();
  const on = useSaveData();
  return (
    <Form method="post" action="/set-data-saver" className="data-saver">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <input type="hidden" name="saveData" value={on ? "off" : "on"} />
      <button type="submit" className="button-small" aria-pressed={on}>
        {t("dataSaver.label")}: {t(on ? "dataSaver.on" : "dataSaver.off")}
      </button>
    </Form>
  );
}
