import { DialogErrorBoundary } from "~/components/dialog-error-boundary";
import { RouteDialog } from "~/components/route-dialog";
import { useTranslation } from "~/lib/i18n/use-translation";
import type { PlayerData } from "~/player/types";
import { ActivityPlayer } from "./activity-player";

/** The player as a dialog over the page it was opened from (a URL of its own, spec §2). */
export function ActivityDialog({ data }: { data: PlayerData }) {
  const { t } = useTranslation("player");
  if (data.state === "not_found") {
    return (
      <RouteDialog title={t("activity")} closeTo={data.closeTo}>
        <p className="player-error" role="alert">
          {t("activityNotFound")}
        </p>
      </RouteDialog>
    );
  }
  // A broken SCORM package is not started (nothing is recorded): the learner gets a code for support.
  const broken = data.scormProblem?.reason === "broken" ? data.scormProblem : null;
  return (
    <RouteDialog
      title={data.activity.title}
      closeTo={data.closeTo}
      player={data.state === "ready" && !broken ? data.activity.kind : ""}
    >
      {data.state === "ready" && !broken ? (
        <ActivityPlayer key={data.activity.id} data={data} />
      ) : (
        <div className="player">
          <p className="player-meta">
            <span className="chip">{data.activity.contentTypeName}</span>
          </p>
          {data.activity.description ? <p className="player-description">{data.activity.description}</p> : null}
          {broken ? (
            <div className="player-error" role="alert">
              <p>{t("scormBroken")}</p>
              <p className="request-id">{t("common:errors.requestId", { id: broken.reference })}</p>
            </div>
          ) : (
            <p className="player-error" role="alert">
              {data.state === "locked" ? t("common:activity.escapeRoomLocked") : t("unavailable")}
            </p>
          )}
        </div>
      )}
    </RouteDialog>
  );
}

/** A player that failed to load: the dialog routes' error boundary, in the player's words. */
export function PlayerError({ closeTo }: { closeTo: string }) {
  const { t } = useTranslation("player");
  return <DialogErrorBoundary closeTo={closeTo} title={t("activity")} message={t("loadFailed")} />;
}
