import { useSyncExternalStore } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { isOffline, onConnectionChange } from "~/offline/supported";

/**
 * The header's 'Sin conexión' (issue #18 item 3) while the app has no connection (`isOffline`,
 * decision 083): a status region that is always there, so a screen reader announces the text when
 * it appears. The server and a page without JavaScript cannot know, and say nothing.
 */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const offline = useSyncExternalStore(onConnectionChange, isOffline, () => false);
  return (
    <p role="status" className="connection-status">
      {offline ? t("app.offline") : null}
    </p>
  );
}
