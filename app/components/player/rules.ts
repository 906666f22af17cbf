import type { ProgressReport } from "./types";

/** The player's timing and completion rules (spec §4, §9), as pure functions. */

export const TIME_UPDATE_MS = 30_000;
export const SCORM_FALLBACK_LOAD_MS = 5_000;
export const SCORM_MODULES_FINISH_MS = 1_000;
export const EXTERNAL_WINDOW = { width: 800, height: 600 } as const;

/**
 * Whether a write may be sent again when its first try may have been saved (a timeout, a 5xx).
 * Every write but one sets a state, so a repeat changes nothing: `started` creates the record
 * once, `finished` sets finalized and adds the points once, user data and modules are replaced,
 * progress only grows. `update_time` ADDS its minutes to the recorded time: repeated, it would
 * count them twice.
 */
export const safeToRepeat = (report: ProgressReport) => report.action !== "update_time";

/** How long the player waits before retrying a write that failed (grows, then stays at 30 s). */
export function retryDelayMs(failures: number): number {
  const steps = [2_000, 5_000, 10_000, 20_000];
  return steps[Math.max(0, failures - 1)] ?? 30_000;
}

/** What a SCORM runtime's commit says, whichever SCORM version wrote it. */
export type ScormSnapshot = {
  /** lesson_status (1.2) or completion and success status (2004), lower case. */
  statuses: string[];
  /** cmi.core.score.raw / cmi.score.raw, when set. */
  score: number | null;
  /** Ids of the objectives the content reports completed or passed. */
  completedObjectives: string[];
  /** The flattened CMI values kept to resume the package (update_user_data). */
  data: Record<string, string>;
};

export type ScormDecision = {
  reports: ProgressReport[];
  /** "now": completed, passed or 100 points; "modules": every module done (finish 1 s later). */
  finish: "now" | "modules" | null;
  /** Module ids reported complete so far, this commit's included. */
  reportedModules: number[];
};

const DONE = new Set(["completed", "passed"]);

const sameData = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);

/**
 * Spec §4 for a SCORM commit: send the runtime's data, points and modules when they changed, and
 * say whether the activity is finished. Objectives whose id is a module's key complete that module.
 */
export function scormDecision(
  previous: ScormSnapshot | null,
  next: ScormSnapshot,
  modules: Array<{ id: number; key: string }>,
  reportedModules: number[]
): ScormDecision {
  const reports: ProgressReport[] = [];
  if (Object.keys(next.data).length > 0 && !(previous && sameData(previous.data, next.data))) {
    reports.push({ action: "update_user_data", userData: next.data });
  }
  if (next.score !== null && next.score !== previous?.score) {
    reports.push({ action: "update_points", progress: Math.min(100, Math.max(0, next.score)) });
  }
  const completed = new Set(next.completedObjectives.map((id) => id.toLowerCase()));
  const fresh = modules
    .filter((module) => completed.has(module.key.toLowerCase()) && !reportedModules.includes(module.id))
    .map((module) => module.id);
  if (fresh.length > 0) reports.push({ action: "update_activity_modules", modules: fresh });
  const reported = [...reportedModules, ...fresh];
  const allModules = modules.length > 0 && modules.every((module) => reported.includes(module.id));
  const finish =
    next.statuses.some((status) => DONE.has(status)) || (next.score !== null && next.score >= 100)
      ? "now"
      : allModules
      ? "modules"
      : null;
  return { reports, finish, reportedModules: reported };
}

export type ScormVersion = "1.2" | "2004";

/** A package's SCORM version from its manifest's schemaversion: 2004 (or CAM 1.3) or else 1.2. */
export function scormVersionOf(manifest: string | null): ScormVersion {
  const declared =
    /<(?:[\w-]+:)?schemaversion\s*>([^<]*)</i
      .exec(manifest ?? "")?.[1]
      ?.trim()
      .toLowerCase() ?? "";
  return /2004|cam\s*1\.3|^1\.3/.test(declared) ? "2004" : "1.2";
}

/** The CMI values that resume a package where the learner left it, per version. */
export const RESUME_KEYS: Record<ScormVersion, readonly string[]> = {
  "1.2": ["cmi.core.lesson_location", "cmi.core.lesson_status", "cmi.core.score.raw", "cmi.suspend_data"],
  "2004": [
    "cmi.location",
    "cmi.completion_status",
    "cmi.success_status",
    "cmi.score.raw",
    "cmi.progress_measure",
    "cmi.suspend_data",
  ],
};

const number = (value: string | undefined) =>
  value !== undefined && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : null;

/** A runtime's flattened CMI object (`getFlattenedCMI()`) read the same way for both versions. */
export function scormSnapshot(version: ScormVersion, cmi: Record<string, unknown>): ScormSnapshot {
  const text = (key: string) =>
    typeof cmi[key] === "string" || typeof cmi[key] === "number" ? String(cmi[key]) : undefined;
  const objectives: string[] = [];
  for (const key of Object.keys(cmi)) {
    const index = /^cmi\.objectives\.(\d+)\.id$/.exec(key)?.[1];
    const id = text(key);
    if (index === undefined || !id) continue;
    const states =
      version === "1.2"
        ? [text(`cmi.objectives.${index}.status`)]
        : [text(`cmi.objectives.${index}.completion_status`), text(`cmi.objectives.${index}.success_status`)];
    if (states.some((state) => state === "completed" || state === "passed")) objectives.push(id);
  }
  const scaled = number(text("cmi.score.scaled"));
  const score =
    version === "1.2"
      ? number(text("cmi.core.score.raw"))
      : number(text("cmi.score.raw")) ?? (scaled === null ? null : Math.round(scaled * 10_000) / 100);
  const statuses =
    version === "1.2" ? [text("cmi.core.lesson_status")] : [text("cmi.completion_status"), text("cmi.success_status")];
  const data: Record<string, string> = {};
  for (const key of RESUME_KEYS[version]) {
    const value = text(key);
    if (value) data[key] = value;
  }
  return {
    statuses: statuses.filter((status): status is string => Boolean(status)).map((status) => status.toLowerCase()),
    score,
    completedObjectives: objectives,
    data,
  };
}
