import { Form, useLocation } from "@remix-run/react";
import { useRootData } from "~/lib/hooks";
import { useTranslation } from "~/lib/i18n/use-translation";

/** A switch for data saver (no autoplay, light covers, no media preload); works without JavaScript. */
export function DataSaverToggle() {
  const { t } = useTranslation();
  const location = useLocation();
  const on = useRootData()?.saveData ?? false;
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

/** Whether this page was asked to save data (the learner's switch or the browser's Save-Data). */
export function useSaveData() {
  return useRootData()?.saveData ?? false;
}
