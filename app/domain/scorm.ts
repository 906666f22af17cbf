import type { ProgressReport } from "./activity";
import { scoScore } from "./activity-result";

/** SCORM's rules (spec §4, SCORM 1.2 and 2004 RTE and sequencing), as pure functions. */

export const SCORM_FALLBACK_LOAD_MS = 5_000;
export const SCORM_MODULES_FINISH_MS = 1_000;

/**
 * A SCO's attempt (SCORM RTE: from a launch that is not a resume to a normal exit): its number
 * (1 first), whether it ended (the SCO terminated without suspending: the next launch starts a new
 * attempt with a fresh data model), and the data of the attempt before it, kept for the record.
 */
export type ScoAttempt = { number: number; ended: boolean; previous?: Record<string, string> };

/**
 * SCORM user data as update_user_data keeps it: each SCO's kept CMI values (its current attempt),
 * the last one open, and each SCO's attempt when it is past its first or has ended (decision 055).
 */
export type ScormUserData = {
  scorm: 2;
  current: string;
  items: Record<string, Record<string, string>>;
  attempts?: Record<string, ScoAttempt>;
  /** A sequenced package's engine state (scorm-again's serialized sequencing state, decision 018). */
  sequencing?: string;
};

/** A sequenced package's course as its sequencing engine rolled it up, and the engine's state to keep. */
export type ScormRollup = { state: string; success: string; completion: string };

/** How a SCO's session ends: suspended (resumed next time), ended (its attempt is over) or neither (left open). */
export type ScoExit = "suspend" | "ended" | "open";

/**
 * How a SCO's session ended, from what it set before its last commit: Terminate (LMSFinish)
 * with `exit` "suspend", or a suspendAll request, suspends. In 2004, Terminate with any other
 * exit ("", "normal", "logout", "time-out") ends the attempt (RTE 4.2.8). SCORM 1.2 defines no
 * attempts: its attempt ends on such an exit once the SCO has a result (lesson_status completed,
 * passed or failed), as LMSs commonly read RTE 1.2 3.4.4; before that the same attempt goes on.
 * A SCO taken away without Terminate (a closed tab, a phone that killed the page) is left open:
 * its data is kept and the next launch continues the same attempt.
 */
export function scoExit(version: ScormVersion, cmi: Record<string, unknown>, terminated: boolean, navRequest = ""): ScoExit {
  const exit = String(cmi[version === "1.2" ? "cmi.core.exit" : "cmi.exit"] ?? "");
  if (exit === "suspend" || navRequest === "suspendAll") return "suspend";
  if (!terminated) return "open";
  if (version === "2004") return "ended";
  return RESULTS_12.has(String(cmi["cmi.core.lesson_status"] ?? "").toLowerCase()) ? "ended" : "open";
}

const RESULTS_12 = new Set(["completed", "passed", "failed"]);

/** What the SCO's status says of its result: "failed", "passed", or neither yet. */
function verdict(version: ScormVersion, data: Record<string, string>): "failed" | "passed" | null {
  const status = (version === "1.2" ? data["cmi.core.lesson_status"] : data["cmi.success_status"])?.toLowerCase();
  return status === "failed" || status === "passed" ? status : null;
}

/**
 * What a SCO's status rolls up from: its current attempt's data, or, while a new attempt has
 * reported nothing yet, the attempt before it (SN keeps an activity's status across attempts).
 */
export function latestData(
  id: string,
  items: Record<string, Record<string, string>>,
  attempts: Record<string, ScoAttempt> = {},
): Record<string, string> | undefined {
  return items[id] ?? attempts[id]?.previous;
}

/**
 * Within one attempt a failure stands until the SCO passes (issue #27): a "completed" (1.2) or an
 * "unknown" success (2004) set after "failed" never turns the failure into a finished activity.
 */
export function holdFailure(version: ScormVersion, before: Record<string, string> | undefined, after: Record<string, string>) {
  if (!before || verdict(version, before) !== "failed" || verdict(version, after) === "passed") return after;
  return { ...after, [version === "1.2" ? "cmi.core.lesson_status" : "cmi.success_status"]: "failed" };
}

/** What a SCORM runtime's commit says, whichever SCORM version wrote it. */
export type ScormSnapshot = {
  /** lesson_status (1.2) or completion and success status (2004), lower case. */
  statuses: string[];
  /** The score as a percentage (`scoScore`), when set; null until a SCO with a pass mark has passed. */
  score: number | null;
  /** Ids of the objectives the content reports completed or passed. */
  completedObjectives: string[];
  /** The flattened CMI values kept for the SCO: its resume data and audit record (update_user_data). */
  data: Record<string, string>;
};

/** What a package's commit says, its SCOs rolled up (`scormProgress`). */
export type ScormProgress = {
  /** Rolled-up statuses: "failed" when a SCO failed, "completed" once every SCO is done; a lone SCO's own. */
  statuses: string[];
  /** A lone SCO's score; with several, their mean once every SCO has one. */
  score: number | null;
  completedObjectives: string[];
  /** What update_user_data keeps: every SCO's data and the one open (the contract of issue #13). */
  userData: ScormUserData;
};

export type ScormDecision = {
  reports: ProgressReport[];
  /** "now": completed, passed or 100 points; "modules": every module done (finish 1 s later). */
  finish: "now" | "modules" | null;
  /** Module ids reported complete so far, this commit's included. */
  reportedModules: number[];
};

const DONE = new Set(["completed", "passed"]);

/**
 * Spec §4 for a SCORM commit: send the package's data, points and modules when they changed, and
 * say whether the activity is finished. Objectives whose id is a module's key complete that module.
 * A failed attempt (1.2 lesson_status or 2004 success_status "failed") keeps its data but sends no
 * points and never finishes: points count only what was passed or completed (issue #13).
 */
export function scormDecision(
  previous: ScormProgress | null,
  next: ScormProgress,
  modules: Array<{ id: number; key: string }>,
  reportedModules: number[],
): ScormDecision {
  const reports: ProgressReport[] = [];
  const failed = next.statuses.includes("failed");
  if (
    Object.keys(next.userData.items).length > 0 &&
    !(previous && JSON.stringify(previous.userData) === JSON.stringify(next.userData))
  ) {
    reports.push({ action: "update_user_data", userData: next.userData });
  }
  if (!failed && next.score !== null && next.score !== previous?.score) {
    reports.push({ action: "update_points", progress: Math.min(100, Math.max(0, next.score)) });
  }
  const completed = new Set(next.completedObjectives.map((id) => id.toLowerCase()));
  const fresh = modules
    .filter((module) => completed.has(module.key.toLowerCase()) && !reportedModules.includes(module.id))
    .map((module) => module.id);
  if (fresh.length > 0) reports.push({ action: "update_activity_modules", modules: fresh });
  const reported = [...reportedModules, ...fresh];
  const allModules = modules.length > 0 && modules.every((module) => reported.includes(module.id));
  const finish = failed
    ? null
    : next.statuses.some((status) => DONE.has(status)) || (next.score !== null && next.score >= 100)
      ? "now"
      : allModules
        ? "modules"
        : null;
  return { reports, finish, reportedModules: reported };
}

/** A SCO's state as the table of contents shows it, from what its runtime said last. */
export type ScormItemState = "not_started" | "in_progress" | "completed" | "passed" | "failed";

export function scormItemState(snapshot: ScormSnapshot | null): ScormItemState {
  if (!snapshot) return "not_started";
  if (snapshot.statuses.includes("failed")) return "failed";
  if (snapshot.statuses.includes("passed")) return "passed";
  if (snapshot.statuses.includes("completed")) return "completed";
  return Object.keys(snapshot.data).length > 0 || snapshot.statuses.length > 0 ? "in_progress" : "not_started";
}

/**
 * Rolls a package's SCOs up (issue #13): one SCO speaks for itself; several make the activity
 * failed when any failed, completed when every one is completed or passed, scored with their mean
 * once each has a score. A sequenced package (decision 018) is what its engine's `rollup` of the
 * course says, scored with the mean of the scores its SCOs have.
 */
export function scormProgress(
  version: ScormVersion,
  scos: string[],
  items: Record<string, Record<string, string>>,
  current: string,
  attempts: Record<string, ScoAttempt> = {},
  rollup?: ScormRollup,
): ScormProgress {
  const snapshots = scos.map((id) => {
    const data = latestData(id, items, attempts);
    return data ? scormSnapshot(version, data) : null;
  });
  const userData: ScormUserData = {
    scorm: 2,
    current,
    items,
    ...(Object.keys(attempts).length > 0 ? { attempts } : {}),
    ...(rollup ? { sequencing: rollup.state } : {}),
  };
  const completedObjectives = [...new Set(snapshots.flatMap((snapshot) => snapshot?.completedObjectives ?? []))];
  if (rollup) {
    // The course's own rollup rules say whether it is passed, failed or completed.
    const statuses = [rollup.success, rollup.completion].filter(
      (status) => status === "passed" || status === "failed" || status === "completed",
    );
    const scores = snapshots.flatMap((snapshot) => (snapshot?.score === null || snapshot === null ? [] : [snapshot.score]));
    const score =
      scores.length > 0 ? Math.round((scores.reduce((sum, value) => sum + value, 0) / scores.length) * 100) / 100 : null;
    return { statuses, score, completedObjectives, userData };
  }
  if (scos.length === 1) {
    const only = snapshots[0];
    return { statuses: only?.statuses ?? [], score: only?.score ?? null, completedObjectives, userData };
  }
  const states = snapshots.map(scormItemState);
  const scores = snapshots.map((snapshot) => snapshot?.score ?? null);
  const statuses = states.includes("failed")
    ? ["failed"]
    : states.every((state) => state === "completed" || state === "passed")
      ? ["completed"]
      : [];
  const score = scores.every((value): value is number => value !== null)
    ? Math.round((scores.reduce((sum, value) => sum + value, 0) / scores.length) * 100) / 100
    : null;
  return { statuses, score, completedObjectives, userData };
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
        "student_data\\.mastery_score",
        "suspend_data",
        "comments",
        "objectives\\.\\d+\\.(?:id|status|score\\.(?:raw|min|max))",
        "interactions\\.\\d+\\.(?:id|type|student_response|result|time|latency|weighting" +
          "|correct_responses\\.\\d+\\.pattern|objectives\\.\\d+\\.id)",
      ].join("|") +
      ")$",
  ),
  "2004": new RegExp(
    "^cmi\\.(?:" +
      [
        "location|completion_status|success_status|progress_measure|exit|session_time|total_time|suspend_data",
        "scaled_passing_score",
        "score\\.(?:raw|min|max|scaled)",
        "objectives\\.\\d+\\.(?:id|success_status|completion_status|progress_measure|description" +
          "|score\\.(?:raw|min|max|scaled))",
        "interactions\\.\\d+\\.(?:id|type|learner_response|result|timestamp|latency|weighting|description" +
          "|correct_responses\\.\\d+\\.pattern|objectives\\.\\d+\\.id)",
      ].join("|") +
      ")$",
  ),
};

export const isKeptScormKey = (version: ScormVersion, key: string) => KEPT_KEYS[version].test(key);

/**
 * What is handed back to the runtime on resume: every kept key but the last session's time and
 * exit (the LMS adds the session into total_time; exit describes how that session ended) and the
 * pass mark, which comes from the manifest each time (kept so the saved data says how it was judged).
 */
export const isRestoredScormKey = (version: ScormVersion, key: string) =>
  isKeptScormKey(version, key) &&
  !/^cmi\.(?:(?:core\.)?(?:session_time|exit)|student_data\.mastery_score|scaled_passing_score)$/.test(key);

const number = (value: string | undefined) =>
  value !== undefined && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : null;

/**
 * Keys in numeric index order (`….2.…` before `….10.…`), so arrays are rebuilt in order on resume;
 * the rest by code point. Not `localeCompare`: a browser's first collator takes ~20 ms (decision 079).
 */
function byIndex(a: string, b: string): number {
  const [x, y] = [a.split(/(\d+)/), b.split(/(\d+)/)];
  for (let part = 0; part < Math.min(x.length, y.length); part++) {
    const [p, q] = [x[part] ?? "", y[part] ?? ""];
    // split's odd parts are the digit runs.
    if (p !== q) return (part % 2 === 1 && Number(p) - Number(q)) || (p < q ? -1 : 1);
  }
  return x.length - y.length;
}

/**
 * The statuses the manifest's pass marks decide, as the runtime reports them only on Terminate
 * (scorm-again's storeData) but a package may leave without it: 1.2 lesson_status from
 * mastery_score once the SCO says it is done (RTE 1.2 3.4.4), 2004 success_status from
 * scaled_passing_score and completion_status from completion_threshold (RTE 4.2.22, 4.2.4).
 */
function judgedStatuses(version: ScormVersion, text: (key: string) => string | undefined): Record<string, string> {
  const judged: Record<string, string> = {};
  const at = (measure: string | undefined, mark: string | undefined) => {
    const value = number(measure);
    const bar = number(mark);
    return value === null || bar === null ? null : value >= bar;
  };
  if (version === "1.2") {
    const mastered = at(text("cmi.core.score.raw"), text("cmi.student_data.mastery_score"));
    const status = text("cmi.core.lesson_status");
    if (mastered !== null && (status === "completed" || status === "passed" || status === "failed")) {
      judged["cmi.core.lesson_status"] = mastered ? "passed" : "failed";
    }
    return judged;
  }
  const passed = at(text("cmi.score.scaled"), text("cmi.scaled_passing_score"));
  if (passed !== null) judged["cmi.success_status"] = passed ? "passed" : "failed";
  const complete = at(text("cmi.progress_measure"), text("cmi.completion_threshold"));
  if (complete !== null) judged["cmi.completion_status"] = complete ? "completed" : "incomplete";
  return judged;
}

/** A runtime's flattened CMI object (`getFlattenedCMI()`) read the same way for both versions. */
export function scormSnapshot(version: ScormVersion, cmi: Record<string, unknown>): ScormSnapshot {
  const raw = (key: string) => (typeof cmi[key] === "string" || typeof cmi[key] === "number" ? String(cmi[key]) : undefined);
  const judged = judgedStatuses(version, raw);
  const text = (key: string) => judged[key] ?? raw(key);
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
  const percent = scoScore(cmi);
  const declared = (
    version === "1.2" ? [text("cmi.core.lesson_status")] : [text("cmi.completion_status"), text("cmi.success_status")]
  )
    .filter((status): status is string => Boolean(status))
    .map((status) => status.toLowerCase());
  // With a pass mark from the manifest, only a pass counts: until the SCO has passed, "completed"
  // does not finish the activity and its score earns no points (a failed attempt never does).
  const graded = number(raw(version === "1.2" ? "cmi.student_data.mastery_score" : "cmi.scaled_passing_score")) !== null;
  const pending = graded && !declared.includes("passed");
  const statuses = pending ? declared.filter((status) => status !== "completed") : declared;
  const score = pending || percent === null ? null : Math.round(percent * 100) / 100;
  const data: Record<string, string> = {};
  for (const key of Object.keys(cmi).sort(byIndex)) {
    const value = text(key);
    if (value && isKeptScormKey(version, key)) data[key] = value;
  }
  return {
    statuses,
    score,
    completedObjectives: objectives,
    data,
  };
}
