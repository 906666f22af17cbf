// The player routes' server-side imports, from one module: the browser build empties each server module, and
// one that several routes import became a ~100-byte chunk of its own on every page (decision 027).
export { redirect } from "@remix-run/node";
export { loadPlayer, parseActivityId } from "~/player/server/activity.server";
export { plainProgress } from "~/player/server/plain-progress.server";
