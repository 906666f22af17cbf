/**
 * When an activity is done, by what it plays (spec §4, §9). The JavaScript player and the forms of
 * the player without JavaScript (app/player/server/plain-progress.server.ts) follow the same rules.
 */

export const IMAGE_FINISH_MS = 5_000;
export const PDF_FINISH_MS = 15_000;
export const EXTERNAL_LINK_THRESHOLD = 0.98;

const MINUTE_MS = 60_000;

/** Milliseconds as the minutes update_time sends (two decimals, as the legacy API keeps them). */
export function minutesOf(ms: number): number {
  return Math.round((ms / MINUTE_MS) * 100) / 100;
}

/**
 * Spec §4: an external link is finished when the time already recorded plus the minutes elapsed
 * since it was opened reach 98% of the activity's duration.
 */
export function externalLinkFinished(taskDurationMinutes: number, elapsedMinutes: number, durationMinutes: number): boolean {
  return taskDurationMinutes + elapsedMinutes >= EXTERNAL_LINK_THRESHOLD * Math.max(0, durationMinutes);
}

/** What a learner can finish without JavaScript: everything but SCORM, which needs its runtime. */
export type TimedKind = "image" | "pdf" | "audio" | "video" | "external";

export const TIMED_KINDS: readonly string[] = ["image", "pdf", "audio", "video", "external"] satisfies TimedKind[];

export const isTimedKind = (kind: string): kind is TimedKind => TIMED_KINDS.includes(kind);

/**
 * How long the activity must have been open before it counts as finished when no script can tell
 * that it loaded or ended: an image 5 s, a PDF 15 s, audio and video the length their file's header
 * gives (`mediaMs`), else their duration (at least an image's 5 s), an external link what the 98 %
 * rule still asks after the minutes already recorded.
 */
export function finishAfterMs(
  kind: TimedKind,
  durationMinutes: number,
  recordedMinutes: number,
  mediaMs: number | null = null,
): number {
  const duration = Math.max(0, durationMinutes) * MINUTE_MS;
  switch (kind) {
    case "image":
      return IMAGE_FINISH_MS;
    case "pdf":
      return PDF_FINISH_MS;
    case "audio":
    case "video":
      return Math.max(IMAGE_FINISH_MS, mediaMs ?? duration);
    case "external":
      return Math.max(0, Math.ceil(EXTERNAL_LINK_THRESHOLD * duration - Math.max(0, recordedMinutes) * MINUTE_MS));
  }
}

/**
 * The time an open activity adds to the record when it finishes: what elapsed, at most the
 * activity's duration (or its wait, when it has none), so a page left open overnight claims no hours.
 */
export function creditedMs(kind: TimedKind, elapsedMs: number, durationMinutes: number): number {
  const cap = Math.max(finishAfterMs(kind, durationMinutes, 0), Math.max(0, durationMinutes) * MINUTE_MS);
  return Math.min(Math.max(0, elapsedMs), cap);
}

/** Without a duration to go by (a SCORM package may declare none), time counted offline stops here. */
const OFFLINE_CAP_WITHOUT_DURATION_MS = 30 * MINUTE_MS;

/**
 * The minutes an open activity may count while its writes wait without a connection: what its
 * rules credit (`creditedMs`: its duration, or its wait when it has none), so a device left open
 * overnight claims no hours.
 */
export function offlineTimeCapMinutes(kind: string, durationMinutes: number): number {
  if (isTimedKind(kind)) return minutesOf(creditedMs(kind, Infinity, durationMinutes));
  return minutesOf(durationMinutes > 0 ? durationMinutes * MINUTE_MS : OFFLINE_CAP_WITHOUT_DURATION_MS);
}

/** The minutes of a new update_time that still fit under `cap` beside the minutes already waiting. */
export function cappedMinutes(waiting: number, added: number, cap: number): number {
  return Math.round(Math.max(0, Math.min(added, cap - waiting)) * 100) / 100;
}
