import { useSyncExternalStore } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * The header's 'Sin conexión' (issue #18 item 3) while the browser has no connection: a status
 * region that is always there, so a screen reader announces the text when it appears. The server
 * and a page without JavaScript cannot know, and say nothing.
 */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  return (
    <p role="status" className="connection-status">
      {online ? null : t("app.offline")}
    </p>
  );
}
