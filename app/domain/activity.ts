import type { ScormUserData } from "./scorm";

/**
 * The player's writes and timing (spec §4, §7, §9), as pure functions, for every kind of
 * activity; SCORM's own rules are in ./scorm (only the SCORM player and the server read them).
 */

/** The player's writes (spec §4, §7), as the page sends them to `/activity-progress`. */
export type ProgressReport =
  | { action: "started" }
  | { action: "finished" }
  | { action: "update_time"; time: number }
  | { action: "update_user_data"; userData: ScormUserData }
  | { action: "update_points"; progress: number }
  | { action: "update_activity_modules"; modules: number[] };

export const TIME_UPDATE_MS = 30_000;
export const EXTERNAL_WINDOW = { width: 800, height: 600 } as const;

/**
 * Whether a write may be sent again when its first try may have been saved (a timeout, a 5xx).
 * Every write but one sets a state, so a repeat changes nothing: `started` creates the record
 * once, `finished` sets finalized and adds the points once, user data and modules are replaced,
 * progress only grows. `update_time` ADDS its minutes to the recorded time: repeated, it would
 * count them twice.
 */
export const safeToRepeat = (report: ProgressReport) => report.action !== "update_time";

/**
 * Whether a failed write is kept to be sent again (by the player's queue or the offline outbox)
 * rather than dropped: one that never reached the legacy API (or that the server was too busy to
 * read) always, one that may have been saved only when it is safe to repeat.
 */
export const keptAfter = (error: string, report: ProgressReport) =>
  error === "unavailable" || error === "busy" || (error === "unconfirmed" && safeToRepeat(report));

/**
 * A `finished` the legacy API refused (a 402) is set aside, not dropped: it would be refused the
 * same way if sent again at once, so it waits, in the player and then in the outbox, until the
 * learner asks with 'Reintentar' (issue #29 item 7).
 */
export const setAsideAfter = (error: string, report: ProgressReport) => error === "refused" && report.action === "finished";

/**
 * How long the player waits before retrying a write that failed (grows, then stays at 30 s), and
 * never less than the server's Retry-After; the outbox too, while its writes find no connection.
 */
export function writeRetryDelayMs(failures: number, retryAfterSeconds = 0): number {
  const steps = [2_000, 5_000, 10_000, 20_000];
  return Math.max(steps[Math.max(0, failures - 1)] ?? 30_000, retryAfterSeconds * 1000);
}
