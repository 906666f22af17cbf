import { RESUME_KEYS, type ScormVersion } from "./rules";

/**
 * Installs the SCORM runtime (scorm-again) on this window, where a package in a same-origin frame
 * looks for it (`window.API` for 1.2, `window.API_1484_11` for 2004). Only the version the package
 * needs is downloaded. The runtime sends nothing itself: each commit hands its flattened CMI
 * object to `onCommit`, and the player turns it into legacy calls.
 */
type Runtime = {
  loadFromFlattenedJSON(json: Record<string, unknown>): void;
  getFlattenedCMI(): Record<string, unknown>;
  on(event: string, callback: () => void): void;
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

export async function installScormRuntime(
  version: ScormVersion,
  {
    learner,
    resume,
    onCommit,
  }: {
    learner: { id: number; firstName: string; lastName: string };
    resume: Record<string, string> | null;
    onCommit: (cmi: Record<string, unknown>) => void;
  }
): Promise<() => void> {
  const settings = { autocommit: false, lmsCommitUrl: false, logLevel: 5 } as const;
  const api: Runtime =
    version === "2004"
      ? new ((await import("scorm-again/scorm2004")) as unknown as Scorm2004Module).Scorm2004API(settings)
      : new ((await import("scorm-again/scorm12")) as unknown as Scorm12Module).Scorm12API(settings);
  const saved = Object.fromEntries(RESUME_KEYS[version].flatMap((key) => (resume?.[key] ? [[key, resume[key]]] : [])));
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
  const commit = () => onCommit(api.getFlattenedCMI());
  for (const event of version === "2004" ? ["Commit", "Terminate"] : ["LMSCommit", "LMSFinish"]) api.on(event, commit);
  const key = version === "2004" ? "API_1484_11" : "API";
  window[key] = api;
  return () => {
    if (window[key] === api) delete window[key];
  };
}
