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
  /** The flattened CMI values kept for the SCO: its resume data and audit record (update_user_data). */
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

/**
 * A package's shape (width / height) as its launch page declares it: a fixed-size slide export's
 * `<meta name="viewport" content="width=1280, height=720">`. Null for a page that adapts to any
 * size (device-width, or no height), or an implausible one.
 */
export function declaredAspect(viewport: string | null | undefined): number | null {
  const size = (name: string) => {
    const value = new RegExp(`(?:^|[,;\\s])${name}\\s*=\\s*(\\d{2,5})(?:px)?\\s*(?:[,;]|$)`, "i").exec(viewport ?? "")?.[1];
    return value ? Number(value) : null;
  };
  const width = size("width");
  const height = size("height");
  if (!width || !height) return null;
  const aspect = width / height;
  return aspect >= 0.25 && aspect <= 4 ? Math.round(aspect * 10_000) / 10_000 : null;
}

/** A package's SCORM version from its manifest's schemaversion: 2004 (or CAM 1.3) or else 1.2. */
export function scormVersionOf(manifest: string | null): ScormVersion {
  const declared =
    /<(?:[\w-]+:)?schemaversion\s*>([^<]*)</i
      .exec(manifest ?? "")?.[1]
      ?.trim()
      .toLowerCase() ?? "";
  return /2004|cam\s*1\.3|^1\.3/.test(declared) ? "2004" : "1.2";
}

/**
 * The CMI values kept for one SCO (update_user_data, docs/legacy-api.md "SCORM user data"): what
 * resumes it (location, statuses, score, suspend data, objectives) and its audit record
 * (interactions, objectives, score, session and total time). Everything else the runtime holds
 * (learner name, entry, launch data, the `_count`/`_children` keywords) comes from the LMS again.
 */
const KEPT_KEYS: Record<ScormVersion, RegExp> = {
  "1.2": new RegExp(
    "^cmi\\.(?:" +
      [
        "core\\.(?:lesson_location|lesson_status|exit|session_time|total_time|score\\.(?:raw|min|max))",
        "suspend_data",
        "comments",
        "objectives\\.\\d+\\.(?:id|status|score\\.(?:raw|min|max))",
        "interactions\\.\\d+\\.(?:id|type|student_response|result|time|latency|weighting" +
          "|correct_responses\\.\\d+\\.pattern|objectives\\.\\d+\\.id)",
      ].join("|") +
      ")$"
  ),
  "2004": new RegExp(
    "^cmi\\.(?:" +
      [
        "location|completion_status|success_status|progress_measure|exit|session_time|total_time|suspend_data",
        "score\\.(?:raw|min|max|scaled)",
        "objectives\\.\\d+\\.(?:id|success_status|completion_status|progress_measure|description" +
          "|score\\.(?:raw|min|max|scaled))",
        "interactions\\.\\d+\\.(?:id|type|learner_response|result|timestamp|latency|weighting|description" +
          "|correct_responses\\.\\d+\\.pattern|objectives\\.\\d+\\.id)",
      ].join("|") +
      ")$"
  ),
};

export const isKeptScormKey = (version: ScormVersion, key: string) => KEPT_KEYS[version].test(key);

/**
 * What is handed back to the runtime on resume: every kept key but the last session's time and
 * exit (the LMS adds the session into total_time; exit describes how that session ended).
 */
export const isRestoredScormKey = (version: ScormVersion, key: string) =>
  isKeptScormKey(version, key) && !/^cmi\.(?:core\.)?(?:session_time|exit)$/.test(key);

/** The limits of one SCO's kept data (the SCORM contract of issue #13; 64,000 is 2004's SPM for suspend_data). */
export const SCORM_ITEM_LIMITS = { valueChars: 64_000, keyChars: 255, keys: 4_096 } as const;

/** Whether one SCO's kept data is within SCORM_ITEM_LIMITS, so the legacy API can take it. */
export function scormDataFits(data: Record<string, string>): boolean {
  const entries = Object.entries(data);
  return (
    entries.length <= SCORM_ITEM_LIMITS.keys &&
    entries.every(([key, value]) => key.length <= SCORM_ITEM_LIMITS.keyChars && value.length <= SCORM_ITEM_LIMITS.valueChars)
  );
}

const number = (value: string | undefined) =>
  value !== undefined && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : null;

/** Keys in numeric index order (`….2.…` before `….10.…`), so arrays are rebuilt in order on resume. */
const byIndex = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

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
  for (const key of Object.keys(cmi).sort(byIndex)) {
    const value = text(key);
    if (value && isKeptScormKey(version, key)) data[key] = value;
  }
  return {
    statuses: statuses.filter((status): status is string => Boolean(status)).map((status) => status.toLowerCase()),
    score,
    completedObjectives: objectives,
    data,
  };
}
