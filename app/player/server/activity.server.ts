import { data, redirect } from "@remix-run/node";
import { offlineTimeCapMinutes } from "~/domain/finish";
import { folderOf, mediaFileUrl, OFFLINE_KINDS, sameOriginFileUrl, videoEmbedUrl } from "~/domain/media";
import { activityRecords, isEscapeRoomLocked, nextStep, routeProgress, withFinished } from "~/domain/progress";
import { requireUser } from "~/infra/auth.server";
import { getConfig } from "~/infra/config.server";
import { wantsSaveData } from "~/infra/data-saver.server";
import { log } from "~/infra/log.server";
import { requestIdOf } from "~/infra/request-id.server";
import { type ActivityAction, type ActivityReport, reportActivity } from "~/legacy/activities.server";
import { getHomeActivities } from "~/legacy/general.server";
import { type LegacyContext, retry, writeDeadline } from "~/legacy/request.server";
import { type Activity, type ProgressRecord, type TrainingRoute } from "~/legacy/schemas/training.server";
import { getAcademy, getLearningPaths, getUserProgress } from "~/legacy/training.server";
import { launchable, readScormUserData } from "~/player/scorm-package";
import { readPdf } from "~/player/server/pdf/pages.server";
import type {
  AfterFinish,
  PlayerActivity,
  PlayerData,
  PlayerKind,
  SavedRecord,
  ScormPackage,
  ScormProblem,
} from "~/player/types";
import { launchFileMissing, ManifestBroken, ManifestUnreachable, readScormPackage } from "./scorm-manifest.server";

/**
 * The activity player's server side: find an activity by id wherever the learner can reach it,
 * resolve what it plays, and report progress to the legacy API.
 */

/** An activity id from the URL: digits only, or null (the route then redirects). */
export function parseActivityId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

type Placement = {
  activity: Activity;
  route: TrainingRoute | null;
  course: { active: boolean } | null;
};

/** `/training` showcases (simulators, learning route, video tips) hold activities found nowhere else. */
async function showcaseActivities(ctx: LegacyContext): Promise<Activity[]> {
  const academy = await getAcademy(ctx);
  if (!academy) return [];
  return [academy.emulators, academy.learningRoute, academy.videoTips].flatMap((showcase) =>
    showcase.courses.flatMap((course) => course.activities),
  );
}

/**
 * Looks for the activity in the training routes, then in the home lists (leaders' shared items
 * live only there), then in the academy's showcases; the last call is made only when needed.
 */
export async function findActivity(ctx: LegacyContext, id: number) {
  const [routes, home, progress] = await Promise.all([getLearningPaths(ctx), getHomeActivities(ctx), getUserProgress(ctx)]);
  let placement: Placement | null = null;
  for (const route of routes) {
    for (const course of route.courses) {
      const activity = course.activities.find((candidate) => candidate.id === id);
      if (activity && !placement) placement = { activity, route, course };
    }
  }
  if (!placement) {
    const listed = [...home.recent, ...home.mostViewed, ...home.sharedByLeaders].find((candidate) => candidate.id === id);
    if (listed) placement = { activity: listed, route: null, course: null };
  }
  if (!placement) {
    const showcased = (await showcaseActivities(ctx)).find((candidate) => candidate.id === id);
    if (showcased) placement = { activity: showcased, route: null, course: null };
  }
  return { placement, routes, progress };
}

const KINDS: Record<string, PlayerKind> = {
  video: "video",
  audio: "audio",
  image: "image",
  pdf_reading: "pdf",
  pdf_with_form: "pdf",
  elearning: "scorm",
  external_link: "external",
};

/** What a `parent_activity` plays: its parent's content (spec §1), one level up. */
export function contentOf(activity: Activity): Activity | null {
  if (activity.contentType.key !== "parent_activity") return activity;
  const parent = activity.parent;
  return parent && parent.contentType.key !== "parent_activity" ? parent : null;
}

const isWebLink = (value: string | null | undefined): value is string => Boolean(value && /^https?:\/\//i.test(value));

/** The package's manifest: at the root it was unpacked to, else beside the launch page. */
function manifestOf(media: Activity["media"], launch: string, filesHost: string): string {
  const root = media?.decompressionPath
    ? sameOriginFileUrl(
        mediaFileUrl(
          { filePath: media.decompressionPath, fileName: "imsmanifest.xml", s3BucketName: media.s3BucketName },
          filesHost,
        ),
        filesHost,
      )
    : null;
  return root?.startsWith("/") ? root : `${folderOf(launch)}imsmanifest.xml`;
}

/** The player's view of an activity: the content it plays and where its files are, nothing else. */
export function playerActivity(activity: Activity, filesHost: string): PlayerActivity {
  const content = contentOf(activity);
  const kind: PlayerKind = (content && KINDS[content.contentType.key]) || "unsupported";
  const fileUrl = content ? sameOriginFileUrl(mediaFileUrl(content.media, filesHost), filesHost) : null;
  // SCORM must run same-origin with its runtime, so only a proxied package can be played.
  const src = kind === "scorm" && !fileUrl?.startsWith("/") ? null : fileUrl;
  const rawLink = kind === "external" ? content?.content?.link : null;
  const link = isWebLink(rawLink) ? rawLink : null;
  const durationMinutes = activity.durationMinutes || content?.durationMinutes || 0;
  return {
    id: activity.id,
    title: activity.title,
    description: activity.description,
    // What plays: a parent_activity shows its parent's type.
    contentTypeName: content?.contentType.name || activity.contentType.name,
    kind,
    src: kind === "external" ? null : src,
    manifestUrl: kind === "scorm" && src ? manifestOf(content?.media ?? null, src, filesHost) : null,
    link: link ? { url: link, windowUrl: videoEmbedUrl(link) ?? link } : null,
    durationMinutes,
    offlineTimeCap: offlineTimeCapMinutes(kind, durationMinutes),
    savesOffline: OFFLINE_KINDS.has(kind) && Boolean(src?.startsWith("/files/")),
    modules: (content ?? activity).modules,
  };
}

/** Whether an activity's content can be saved for offline use: a kind of OFFLINE_KINDS the app serves itself. */
export const savesOffline = (activity: Activity, filesHost: string): boolean => playerActivity(activity, filesHost).savesOffline;

/** The learner's own ACTIVITY record of an activity (a finalized one wins). */
export function recordOf(progress: ProgressRecord[], activityId: number): ProgressRecord | null {
  const own = progress.filter((record) => record.type === "ACTIVITY" && record.activityId === activityId);
  return own.find((record) => record.finalized) ?? own[0] ?? null;
}

export function savedRecord(record: ProgressRecord): SavedRecord {
  return {
    initiated: record.initiated,
    finalized: record.finalized,
    progress: record.progress,
    taskDuration: record.taskDuration,
    points: record.points,
  };
}

/**
 * The package as the server read its manifest, or its launch page alone as a SCORM 1.2 SCO when it
 * has none (as before issue #13); a problem when the files host did not answer, or when the
 * manifest or the first launch file is there but unusable (issue #27: the player says so with the
 * request's id, logged here with the reason, and records nothing).
 */
async function scormPackageOf(
  played: PlayerActivity,
  src: string,
  request: Request,
): Promise<ScormPackage | { problem: ScormProblem }> {
  // The launch file the activity names is, in most packages, the manifest's first: its HEAD goes
  // out beside the manifest's read, not one round trip after it.
  const srcMissing = launchFileMissing(src, request.signal);
  let read: ScormPackage | null;
  try {
    read = played.manifestUrl ? await readScormPackage(played.manifestUrl, request.signal) : null;
  } catch (error) {
    if (error instanceof ManifestUnreachable) return { problem: { reason: "unreachable" } };
    if (!(error instanceof ManifestBroken)) throw error;
    return broken(request, played, error.reason);
  }
  const pack = read ?? {
    version: "1.2",
    title: played.title,
    items: [{ id: "sco", title: played.title, depth: 0, launch: src, sco: true, cmi: {}, objectives: [] }],
  };
  const first = launchable(pack)[0]?.launch;
  if (!first) return pack;
  const missing = first === src ? await srcMissing : await launchFileMissing(first, request.signal);
  return missing ? broken(request, played, "launch file missing") : pack;
}

function broken(request: Request, played: PlayerActivity, reason: string): { problem: ScormProblem } {
  const reference = requestIdOf(request);
  log.warn("SCORM package cannot be opened", { activity: played.id, manifest: played.manifestUrl, reason, requestId: reference });
  return { problem: { reason: "broken", reference } };
}

type Found = Awaited<ReturnType<typeof findActivity>>;

/** Whether a found activity can be played: its route or course closed, or an escape room not yet open. */
export function placementState({ placement, routes, progress }: Found & { placement: Placement }) {
  const { activity, route, course } = placement;
  if (route?.active === false || course?.active === false) return "unavailable";
  return activity.isEscapeRoom && route !== null && isEscapeRoomLocked(routes, route.id, activityRecords(progress))
    ? "locked"
    : "ready";
}

/** Issue #29: the route's percentage with the activity finished, and what comes next. */
export function afterFinish({ placement, routes, progress }: Found & { placement: Placement }): AfterFinish {
  const { activity, route } = placement;
  if (!route) return { route: null, next: null };
  const href = `/learning-path/${encodeURIComponent(route.slug)}`;
  const records = activityRecords(progress);
  const step = nextStep(routes, route.id, activity.id, records);
  const titleOf = (id: number) =>
    route.courses.flatMap((course) => course.activities).find((candidate) => candidate.id === id)?.title ?? "";
  return {
    route: { name: route.name, href, progress: routeProgress(route, withFinished(records, activity.id)) },
    next:
      step.kind === "end"
        ? { kind: "end", href }
        : step.kind === "locked"
          ? { kind: "locked", title: titleOf(step.id), href }
          : { kind: "activity", title: titleOf(step.id), href: `${href}/${step.id}` },
  };
}

/**
 * The loader of both player routes: the activity over the page it was opened from (a PDF from its
 * page group at `pdfFirstPage`). Over a route page (`routeSlug`), a route that does not exist sends
 * the learner home, as the page itself does: under a player's document the page does not load
 * (app/lib/page-beneath.ts), so the player checks it with the routes it reads anyway.
 */
export async function loadPlayer(
  request: Request,
  id: number,
  closeTo: string,
  { pdfFirstPage = 1, routeSlug }: { pdfFirstPage?: number; routeSlug?: string } = {},
) {
  const { session, ctx } = await requireUser(request);
  const found = await findActivity(ctx, id);
  if (routeSlug !== undefined && !found.routes.some((route) => route.slug === routeSlug)) throw redirect("/");
  const { placement, progress } = found;
  if (!placement) return data({ state: "not_found", closeTo } satisfies PlayerData, { status: 404 });
  const { activity } = placement;
  const record = recordOf(progress, activity.id);
  const played = playerActivity(activity, getConfig().FILES_HOST_URL);
  const state = placementState({ ...found, placement });
  const read =
    state === "ready" && played.kind === "scorm" && played.src ? await scormPackageOf(played, played.src, request) : null;
  const scorm = read && !("problem" in read) ? read : null;
  const payload: PlayerData = {
    state,
    closeTo,
    activity: played,
    record: record ? savedRecord(record) : null,
    resume: record && scorm ? readScormUserData(record.userData, launchable(scorm)[0]?.id ?? null) : null,
    scorm,
    scormProblem: read && "problem" in read ? read.problem : null,
    learner: { id: session.user.id, firstName: session.user.firstName, lastName: session.user.lastName },
    saveData: await wantsSaveData(request),
    pdf:
      state === "ready" && played.kind === "pdf" && played.src
        ? await readPdf(played.src, request.signal, pdfFirstPage, String(session.user.id))
        : null,
    after: afterFinish({ ...found, placement }),
  };
  return data(payload);
}

export const FINISH_ATTEMPTS = 3;
export const FINISH_RETRY_DELAY_MS = 400;

/**
 * Sends one player write. Only `finished` is retried (3 attempts, 400 ms apart, one shared
 * deadline, and only while the legacy API does not answer), because it sets a state: finalized,
 * progress 100 and the points added once, so a repeat after a lost reply changes nothing. The
 * others are sent once; `update_time` above all, which adds its minutes to the recorded time.
 */
export function sendReport(ctx: LegacyContext, action: ActivityAction, report: ActivityReport) {
  if (action !== "finished") return reportActivity(ctx, action, report);
  const deadline = writeDeadline();
  return retry(() => reportActivity({ ...ctx, deadline }, action, report), {
    attempts: FINISH_ATTEMPTS,
    delayMs: FINISH_RETRY_DELAY_MS,
    deadline,
  });
}
