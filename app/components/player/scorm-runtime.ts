import { isRestoredScormKey, type ScormVersion } from "./rules";

/**
 * Installs the SCORM runtime (scorm-again) on this window, where a package in a same-origin frame
 * (or a window this page opened) looks for it (`window.API` for 1.2, `window.API_1484_11` for 2004).
 * Only the version the package needs is downloaded. The runtime sends nothing itself: each
 * Commit/Terminate hands its flattened CMI object (with total_time: the saved total plus this
 * session) to `onCommit`, which queues the writes, and whose answer is the package's: a commit
 * that cannot be saved returns "false" with the standard's error (decision 020).
 */
type Runtime = {
  loadFromFlattenedJSON(json: Record<string, unknown>): void;
};

// NOTE: scorm-again's type files declare a default export, but its ESM builds export the class by name.
type Scorm12Module = { Scorm12API: typeof import("scorm-again/scorm12").default };
type Scorm2004Module = { Scorm2004API: typeof import("scorm-again/scorm2004").default };

declare global {
  interface Window {
    API?: unknown;
    API_1484_11?: unknown;
  }
}

/** The standard's code for a commit that failed: 2004's 391 "Commit Failed", 1.2's 101 "General Exception". */
export const COMMIT_FAILED: Record<ScormVersion, number> = { "1.2": 101, "2004": 391 };

export async function installScormRuntime(
  version: ScormVersion,
  {
    learner,
    resume,
    onCommit,
  }: {
    learner: { id: number; firstName: string; lastName: string };
    resume: Record<string, string> | null;
    /** Takes a commit's flattened CMI; false when it cannot be saved (too large, or saves are failing). */
    onCommit: (cmi: Record<string, unknown>) => boolean;
  }
): Promise<() => void> {
  // scorm-again sends a commit only when it has a commit URL; this one is never requested: the
  // httpService below receives every commit synchronously and answers for the legacy API.
  const httpService = {
    processHttpRequest: (_url: string, params: unknown) =>
      onCommit(params && typeof params === "object" ? (params as Record<string, unknown>) : {})
        ? { result: "true", errorCode: 0 }
        : { result: "false", errorCode: COMMIT_FAILED[version] },
    updateSettings: () => undefined,
  };
  const settings = {
    autocommit: false,
    lmsCommitUrl: "/activity-progress",
    dataCommitFormat: "flattened",
    alwaysSendTotalTime: true,
    httpService,
    logLevel: 5,
  } as const;
  const api: Runtime =
    version === "2004"
      ? new ((await import("scorm-again/scorm2004")) as unknown as Scorm2004Module).Scorm2004API(settings)
      : new ((await import("scorm-again/scorm12")) as unknown as Scorm12Module).Scorm12API(settings);
  const saved = Object.fromEntries(Object.entries(resume ?? {}).filter(([key]) => isRestoredScormKey(version, key)));
  const resuming = Object.keys(saved).length > 0;
  const name = [learner.lastName, learner.firstName].filter(Boolean).join(", ");
  api.loadFromFlattenedJSON(
    version === "2004"
      ? {
          ...saved,
          "cmi.learner_id": String(learner.id),
          "cmi.learner_name": name,
          "cmi.entry": resuming ? "resume" : "ab-initio",
        }
      : {
          ...saved,
          "cmi.core.student_id": String(learner.id),
          "cmi.core.student_name": name,
          "cmi.core.entry": resuming ? "resume" : "ab-initio",
        }
  );
  const key = version === "2004" ? "API_1484_11" : "API";
  window[key] = api;
  return () => {
    if (window[key] === api) delete window[key];
  };
}
