import { useCloseDialog } from "~/components/route-dialog";
import { isTimedKind } from "~/domain/finish";
import { useTranslation } from "~/lib/i18n/use-translation";
import { ExternalLinkPlayer } from "./external-link-player";
import { ImagePlayer } from "./image-player";
import { MediaElementPlayer } from "./media-element-player";
import { PdfPlayer } from "./pdf-player";
import { PlainProgress } from "./plain-progress";
import { SavedState } from "./saved-state";
import { ScormPlayer } from "./scorm-player";
import type { PlayerPayload } from "./types";
import { type Tracker, useActivityTracker } from "./use-activity-tracker";

/** The player: the activity's content, by type, and the tracking of spec §4 around it. */
export function ActivityPlayer({ data }: { data: PlayerPayload }) {
  const { activity } = data;
  const tracker = useActivityTracker(activity.id, data.record);
  return (
    <div className="player" data-kind={activity.kind}>
      <p className="player-meta">
        <span className="chip">{activity.contentTypeName}</span>
        <SavedState tracker={tracker} />
      </p>
      {activity.description ? <p className="player-description">{activity.description}</p> : null}
      <PlayerContent data={data} tracker={tracker} />
      {isTimedKind(activity.kind) && (activity.src || activity.link) && !data.record?.finalized ? <PlainProgress /> : null}
    </div>
  );
}

function PlayerContent({ data, tracker }: { data: PlayerPayload; tracker: Tracker }) {
  const { t } = useTranslation("player");
  const close = useCloseDialog(data.closeTo);
  const { activity, saveData } = data;
  const { src, link, title } = activity;
  if (activity.kind === "external" && link) {
    return (
      <ExternalLinkPlayer
        link={link}
        durationMinutes={activity.durationMinutes}
        recordedMinutes={data.record?.taskDuration ?? 0}
        finishing={tracker.finishing}
        onFinish={tracker.finish}
      />
    );
  }
  if (src) {
    switch (activity.kind) {
      case "video":
      case "audio":
        return (
          <MediaElementPlayer kind={activity.kind} src={src} title={title} saveData={saveData} onEnded={tracker.finish} />
        );
      case "image":
        return <ImagePlayer src={src} title={title} onFinish={tracker.finish} />;
      case "pdf":
        return <PdfPlayer src={src} pdf={data.pdf} saveData={saveData} onFinish={tracker.finish} />;
      case "scorm":
        return data.scorm ? (
          <ScormPlayer
            pack={data.scorm}
            title={title}
            modules={activity.modules}
            learner={data.learner}
            resume={data.resume}
            report={tracker.report}
            onFinish={tracker.finish}
            saveRefused={tracker.status.refused !== null}
            unsaved={tracker.unsaved}
            onLeave={tracker.onLeave}
            onExit={close}
          />
        ) : null;
    }
  }
  return (
    <p className="player-error" role="alert">
      {t("linkNotFound")}
    </p>
  );
}
