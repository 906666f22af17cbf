// The route page's loader imports, from one module: the browser build empties each server module, and
// one that several routes import became a ~100-byte chunk of its own on the page (decision 027). The
// domain rules only the loader applies come through here too, so the browser's chunking ignores them.
export { redirect } from "@remix-run/node";
export { activityResult } from "~/domain/activity-result";
export { activityRecords, activityStatus, isEscapeRoomLocked, routeProgress } from "~/domain/progress";
export { requireUser } from "~/infra/auth.server";
export { getConfig } from "~/infra/config.server";
export { getLearningPaths, getUserProgress } from "~/legacy/training.server";
export { recordOf, savesOffline } from "~/player/server/activity.server";
