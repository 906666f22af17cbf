import { useSyncExternalStore } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { isOffline, onConnectionChange } from "~/offline/supported";
import type { Tracker } from "~/player/use-activity-tracker";

/**
 * The activity's state as the legacy API last confirmed it (spec §4 'Activity status'), never
 * ahead of it: 'Guardando…' until a write is answered, and a visible, retried failure. Offline,
 * the one status line says what the activity will be and that the writes will be sent on
 * reconnecting, once the device holds them (the outbox; 'Guardando…' until then), and 'Guardado'
 * once the legacy API has confirmed them. A refused finish says why and offers 'Reintentar'.
 */
export function SavedState({ tracker }: { tracker: Tracker }) {
  const { t } = useTranslation("player");
  const { saved, status, finishing, synced, stored } = tracker;
  const state = saved?.finalized ? "finished" : saved?.initiated ? "started" : "notStarted";
  const saving = finishing && !saved?.finalized && status.pending > 0 && !status.failing;
  const offline = useSyncExternalStore(onConnectionChange, isOffline, () => false) && status.failing;
  // Offline, what the waiting writes make of the activity (opening starts it), and that they wait:
  // 'Completado · se enviará al reconectar'.
  const text = offline
    ? stored
      ? `${t(`common:activity.status.${finishing ? "finished" : "started"}`)} · ${t("willSend")}`
      : t("saving")
    : saving
      ? t("saving")
      : `${t(`common:activity.status.${state}`)}${synced ? ` · ${t("synced")}` : ""}`;
  return (
    <>
      <span className={`status status-${state === "notStarted" ? "not_started" : state}`} role="status">
        {text}
      </span>
      {status.failing && !offline ? (
        <span className="player-sync-error" role="alert">
          {t("saveFailed")}{" "}
          <button type="button" className="link-button" onClick={tracker.retryNow}>
            {t("retryNow")}
          </button>
        </span>
      ) : null}
      {status.refused !== null ? (
        <span className="player-sync-error" role="alert">
          {status.refused || t("saveRefused")}
          {/* A refused finished is kept (on the device too) until the learner sends it again (issue #29 item 7). */}
          {status.setAside ? (
            <>
              {" "}
              <button type="button" className="link-button" onClick={tracker.retryNow}>
                {t("retryFinish")}
              </button>
            </>
          ) : null}
        </span>
      ) : null}
    </>
  );
}
