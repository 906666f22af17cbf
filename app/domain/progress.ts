import { floor2 } from "./numbers";

/**
 * The learning rules of spec §4 as pure functions: activity status, route progress and the
 * escape-room lock. Loaders, the activity player and the progress screens
 * all use these; nothing else computes them.
 */
export type ProgressType = "ACTIVITY" | "ACTIVITY_MODULE" | string;

export type ProgressEntry = {
  activityId: number;
  type: ProgressType;
  initiated: boolean;
  finalized: boolean;
  /** When it was started (ms), where the legacy API gives a date; its record id otherwise orders it. */
  startedAt?: number | null;
  recordId?: number | null;
};

export type RouteActivity = { id: number; isEscapeRoom: boolean };
/** A course closed by the academy (`active: false`) lists activities that cannot be played. */
export type RouteShape = { id: number; courses: Array<{ activities: RouteActivity[]; active?: boolean }> };

export type ActivityStatus = "not_started" | "started" | "finished";

/** The ACTIVITY records by activity id (module records are not an activity's own progress). */
export function activityRecords(progress: ProgressEntry[]): Map<number, ProgressEntry> {
  const records = new Map<number, ProgressEntry>();
  for (const entry of progress) {
    if (entry.type !== "ACTIVITY") continue;
    const known = records.get(entry.activityId);
    if (!known || (!known.finalized && entry.finalized)) records.set(entry.activityId, entry);
  }
  return records;
}

/** Spec §4: no record → not started; initiated → started; finalized → finished. */
export function activityStatus(activityId: number, records: Map<number, ProgressEntry>): ActivityStatus {
  const record = records.get(activityId);
  if (!record) return "not_started";
  return record.finalized ? "finished" : "started";
}

/** Every activity of a route once, in course order. */
export function routeActivities(route: RouteShape): RouteActivity[] {
  const seen = new Set<number>();
  const activities: RouteActivity[] = [];
  for (const course of route.courses) {
    for (const activity of course.activities) {
      if (seen.has(activity.id)) continue;
      seen.add(activity.id);
      activities.push(activity);
    }
  }
  return activities;
}

/** Spec §4: finalized ACTIVITY records / activities in the route × 100, two decimals, 0 if none. */
export function routeProgress(route: RouteShape, records: Map<number, ProgressEntry>): number {
  const activities = routeActivities(route);
  if (activities.length === 0) return 0;
  const finished = activities.filter((activity) => records.get(activity.id)?.finalized).length;
  return floor2((finished / activities.length) * 100);
}

/**
 * Spec §4: an escape room is locked while any activity of the routes up to and including its own
 * (leaving out its own route's escape rooms) has no finalized ACTIVITY record.
 */
export function isEscapeRoomLocked(routes: RouteShape[], routeId: number, records: Map<number, ProgressEntry>): boolean {
  const index = routes.findIndex((route) => route.id === routeId);
  if (index < 0) return true;
  return routes
    .slice(0, index + 1)
    .some((route) =>
      routeActivities(route).some(
        (activity) => !(route.id === routeId && activity.isEscapeRoom) && !records.get(activity.id)?.finalized,
      ),
    );
}

/**
 * What follows a finished activity (issue #29): the first activity after it in its route's course
 * order that is not finished and can be played; an escape room only once open. Past the end, or
 * when only a locked escape room is left, the learner goes back to the route (`locked` names it).
 */
/** The records as they stand once `activityId` is finished (what the player shows after a finish). */
export function withFinished(records: Map<number, ProgressEntry>, activityId: number): Map<number, ProgressEntry> {
  return new Map(records).set(activityId, { activityId, type: "ACTIVITY", initiated: true, finalized: true });
}

export type NextStep = { kind: "activity"; id: number } | { kind: "locked"; id: number } | { kind: "end" };

export function nextStep(
  routes: RouteShape[],
  routeId: number,
  currentId: number,
  records: Map<number, ProgressEntry>,
): NextStep {
  const route = routes.find((candidate) => candidate.id === routeId);
  if (!route) return { kind: "end" };
  // As it stands once the current activity is finished: that may be what opens the escape room.
  const finished = withFinished(records, currentId);
  const playable = new Set(
    route.courses.filter((course) => course.active !== false).flatMap((course) => course.activities.map(({ id }) => id)),
  );
  const activities = routeActivities(route);
  let locked: number | null = null;
  for (const activity of activities.slice(activities.findIndex((candidate) => candidate.id === currentId) + 1)) {
    if (finished.get(activity.id)?.finalized || !playable.has(activity.id)) continue;
    if (!activity.isEscapeRoom || !isEscapeRoomLocked(routes, routeId, finished)) return { kind: "activity", id: activity.id };
    locked ??= activity.id;
  }
  return locked === null ? { kind: "end" } : { kind: "locked", id: locked };
}

/**
 * Issue #18 item 6, "continue where you left off": the activity whose ACTIVITY record was started
 * last and has no finalized record, or null. Later start dates win; without dates, the later
 * record (a higher id, then a later place in the list).
 */
export function lastUnfinished(progress: ProgressEntry[]): number | null {
  const records = activityRecords(progress);
  let best: { activityId: number; at: number; id: number; place: number } | null = null;
  progress.forEach((entry, place) => {
    if (entry.type !== "ACTIVITY" || !entry.initiated || entry.finalized || records.get(entry.activityId)?.finalized) return;
    const candidate = { activityId: entry.activityId, at: entry.startedAt ?? -Infinity, id: entry.recordId ?? -Infinity, place };
    const later =
      !best ||
      candidate.at > best.at ||
      (candidate.at === best.at && (candidate.id > best.id || (candidate.id === best.id && candidate.place > best.place)));
    if (later) best = candidate;
  });
  return best === null ? null : (best as { activityId: number }).activityId;
}
