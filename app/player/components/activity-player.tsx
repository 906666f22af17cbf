import { memo, Suspense } from "react";
import { useCloseDialog } from "~/components/route-dialog";
import { SaveOffline } from "~/components/save-offline";
import { isTimedKind } from "~/domain/finish";
import { lazyChunk } from "~/lib/hooks";
import { useTranslation } from "~/lib/i18n/use-translation";
import type { PlayerPayload } from "~/player/types";
import { type Tracker, useActivityTracker } from "~/player/use-activity-tracker";
import { AfterFinishPanel } from "./after-finish";
import { useScripted } from "./notes";
import * as serverPlayers from "./players.server";
import { SavedState } from "./saved-state";

/** Each kind's player is a chunk of its own, so a page carries only the player it shows (decision 027). */
const ExternalLinkPlayer = lazyChunk(serverPlayers.ExternalLinkPlayer, () =>
  import("./external-link-player").then((module) => module.ExternalLinkPlayer),
);
const ImagePlayer = lazyChunk(serverPlayers.ImagePlayer, () => import("./image-player").then((module) => module.ImagePlayer));
const MediaElementPlayer = lazyChunk(serverPlayers.MediaElementPlayer, () =>
  import("./media-element-player").then((module) => module.MediaElementPlayer),
);
const PdfPlayer = lazyChunk(serverPlayers.PdfPlayer, () => import("./pdf-player").then((module) => module.PdfPlayer));
const ScormPlayer = lazyChunk(serverPlayers.ScormPlayer, () => import("./scorm-player").then((module) => module.ScormPlayer));

/** The player: the activity's content, by type, and the tracking of spec §4 around it. */
export function ActivityPlayer({ data }: { data: PlayerPayload }) {
  const { activity } = data;
  const tracker = useActivityTracker(activity.id, data.record, {
    user: data.learner.id,
    timeCap: activity.offlineTimeCap,
  });
  return (
    <div className="player" data-kind={activity.kind}>
      <p className="player-meta">
        <span className="chip">{activity.contentTypeName}</span>
        <SavedState tracker={tracker} />
      </p>
      {/* Finished as the legacy API confirmed it, or kept on the device to send on reconnecting. */}
      {tracker.saved?.finalized || (tracker.finishing && tracker.stored && !tracker.status.setAside) ? (
        <AfterFinishPanel after={data.after} saved={tracker.saved} />
      ) : null}
      {activity.description ? <p className="player-description">{activity.description}</p> : null}
      <PlayerContent
        data={data}
        finish={tracker.finish}
        report={tracker.report}
        unsaved={tracker.unsaved}
        onLeave={tracker.onLeave}
        finishing={tracker.finishing}
        saveRefused={tracker.status.refused !== null}
      />
      {isTimedKind(activity.kind) && (activity.src || activity.link) && !data.record?.finalized ? <PlainProgressSlot /> : null}
      {activity.savesOffline ? <SaveThis id={activity.id} closeTo={data.closeTo} user={data.learner.id} /> : null}
    </div>
  );
}

/** 'Guardar sin conexión' for the activity: its player opens at its id under the page it opens over. */
function SaveThis({ id, closeTo, user }: { id: number; closeTo: string; user: number }) {
  return <SaveOffline targets={[{ id, url: `${closeTo.replace(/\/$/, "")}/${id}`, parent: closeTo }]} user={user} />;
}

/**
 * The forms without JavaScript come from the server alone: once scripts run the player records
 * progress itself and they are gone, so the browser keeps their HTML until then and never loads them.
 */
function PlainProgressSlot() {
  const scripted = useScripted();
  const { PlainProgress } = serverPlayers;
  if (PlainProgress) {
    return (
      <div className="player-plain-slot">
        <PlainProgress />
      </div>
    );
  }
  return scripted ? null : (
    <div className="player-plain-slot" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
  );
}

type ContentProps = Pick<Tracker, "finish" | "report" | "unsaved" | "onLeave" | "finishing"> & {
  data: PlayerPayload;
  /** The legacy API refused the last write, and none was saved since. */
  saveRefused: boolean;
};

/**
 * The content by kind. Memoised on values that change only once the content runs: while React
 * keeps the server's HTML waiting for the player's chunk, an update (the tracker's first save, say)
 * would make it drop that HTML and show the fallback instead.
 */
const PlayerContent = memo(function PlayerContent(props: ContentProps) {
  const { t } = useTranslation("player");
  return (
    <Suspense
      fallback={
        <p className="player-status" role="status">
          {t("contentLoading")}
        </p>
      }
    >
      <KindPlayer {...props} />
    </Suspense>
  );
});

function KindPlayer({ data, finish, report, unsaved, onLeave, finishing, saveRefused }: ContentProps) {
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
        finishing={finishing}
        onFinish={finish}
      />
    );
  }
  if (src) {
    switch (activity.kind) {
      case "video":
      case "audio":
        return <MediaElementPlayer kind={activity.kind} src={src} title={title} saveData={saveData} onEnded={finish} />;
      case "image":
        return <ImagePlayer src={src} title={title} onFinish={finish} />;
      case "pdf":
        return <PdfPlayer src={src} pdf={data.pdf} saveData={saveData} onFinish={finish} />;
      case "scorm":
        return data.scorm ? (
          <ScormPlayer
            pack={data.scorm}
            title={title}
            modules={activity.modules}
            learner={data.learner}
            resume={data.resume}
            report={report}
            onFinish={finish}
            saveRefused={saveRefused}
            unsaved={unsaved}
            onLeave={onLeave}
            onExit={close}
          />
        ) : (
          <p className="player-error" role="alert">
            {t("contentFailed")}
          </p>
        );
    }
  }
  return (
    <p className="player-error" role="alert">
      {t("linkNotFound")}
    </p>
  );
}
