import type { ScormVersion } from "./rules";
import type { NavRequest } from "./scorm-package";

/**
 * Installs the SCORM runtime (scorm-again) on this window, where a package in a same-origin frame
 * looks for it (`window.API` for 1.2, `window.API_1484_11` for 2004). Only the version the package
 * needs is downloaded. The runtime sends nothing itself: each commit hands its flattened CMI
 * object to `onCommit`, and the player turns it into legacy calls.
 */
type Runtime = {
  loadFromFlattenedJSON(json: Record<string, unknown>): void;
  getFlattenedCMI(): Record<string, unknown>;
  on(event: string, callback: (value?: unknown) => void): void;
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

const NAV_EVENTS = {
  SequenceNext: "continue",
  SequencePrevious: "previous",
  SequenceExit: "exit",
  SequenceExitAll: "exitAll",
} as const;

export async function installScormRuntime(
  version: ScormVersion,
  {
    start,
    onCommit,
    onNavigate,
  }: {
    /** The values the SCO starts with (`startValues` in scorm-package.ts). */
    start: Record<string, string>;
    onCommit: (cmi: Record<string, unknown>) => void;
    /** A 2004 SCO's adl.nav.request, handed over once Terminate has committed. */
    onNavigate: (request: NavRequest) => void;
  }
): Promise<() => void> {
  const settings = { autocommit: false, lmsCommitUrl: false, logLevel: 5 } as const;
  const api: Runtime =
    version === "2004"
      ? new ((await import("scorm-again/scorm2004")) as unknown as Scorm2004Module).Scorm2004API(settings)
      : new ((await import("scorm-again/scorm12")) as unknown as Scorm12Module).Scorm12API(settings);
  api.loadFromFlattenedJSON(start);
  const commit = () => onCommit(api.getFlattenedCMI());
  for (const event of version === "2004" ? ["Commit", "Terminate"] : ["LMSCommit", "LMSFinish"]) api.on(event, commit);
  if (version === "2004") {
    for (const [event, type] of Object.entries(NAV_EVENTS)) api.on(event, () => onNavigate({ type }));
    api.on("SequenceChoice", (target) => {
      if (typeof target === "string" && target) onNavigate({ type: "choice", target });
    });
  }
  const key = version === "2004" ? "API_1484_11" : "API";
  window[key] = api;
  return () => {
    if (window[key] === api) delete window[key];
  };
}
