import type Scorm12API from "scorm-again/scorm12";
import type Scorm2004API from "scorm-again/scorm2004";
import type { ScormVersion } from "~/domain/scorm";
import type { NavRequest } from "./scorm-package";

/**
 * Installs the SCORM runtime (scorm-again) on this window, where a package in a same-origin frame
 * (or a window this page opened) looks for it (`window.API` for 1.2, `window.API_1484_11` for 2004).
 * Only the version the package needs is downloaded. The runtime sends nothing itself: each
 * Commit/Terminate hands its flattened CMI object (with total_time: the saved total plus this
 * session) to `onCommit`, which queues the writes, and whose answer is the package's: a commit
 * that cannot be saved returns "false" with the standard's error (decision 020).
 */
export type Runtime = {
  loadFromFlattenedJSON(json: Record<string, unknown>): void;
  on(event: string, callback: (first?: unknown, second?: unknown) => void): void;
  isInitialized(): boolean;
  isTerminated(): boolean;
  lmsCommit(parameter?: string): string;
};

// NOTE: scorm-again's type files declare a default export, but its ESM builds export the class by name.
type Scorm12Module = { Scorm12API: typeof Scorm12API };
type Scorm2004Module = { Scorm2004API: typeof Scorm2004API };

declare global {
  interface Window {
    API?: unknown;
    API_1484_11?: unknown;
  }
}

/** The standard's code for a commit that failed: 2004's 391 "Commit Failed", 1.2's 101 "General Exception". */
export const COMMIT_FAILED: Record<ScormVersion, number> = { "1.2": 101, "2004": 391 };

const NAV_EVENTS = {
  SequenceNext: "continue",
  SequencePrevious: "previous",
  SequenceExit: "exit",
  SequenceExitAll: "exitAll",
} as const;

const CLOSING_REQUESTS = new Set(["suspendAll", "abandon", "abandonAll"]);

/** The runtime's answer to a commit: saved, or the standard's "commit failed". */
export const commitAnswer = (saved: boolean, version: ScormVersion) =>
  saved ? ({ result: "true", errorCode: 0 } as const) : ({ result: "false", errorCode: COMMIT_FAILED[version] } as const);

/** The runtime's settings: it sends nothing itself, every commit goes to `httpService` (decision 020). */
export const runtimeSettings = (httpService: {
  processHttpRequest: (url: string, params: unknown) => { result: "true" | "false"; errorCode: number };
  updateSettings: () => void;
}) =>
  ({
    autocommit: false,
    lmsCommitUrl: "/activity-progress",
    dataCommitFormat: "flattened",
    alwaysSendTotalTime: true,
    httpService,
    logLevel: 5,
  }) as const;

const ARRAY_FIELD = /^cmi\.(interactions|objectives)\.(\d+)\.(.+)$/;

/** A key's place in scorm-again's load order: interactions, then objectives, by index, an id (then an interaction's type) first; then the rest. */
function loadRank(key: string): [number, number, number] {
  const match = ARRAY_FIELD.exec(key);
  if (!match) return [2, 0, 0];
  const field = match[3] === "id" ? 0 : match[3] === "type" && match[1] === "interactions" ? 1 : 2;
  return [match[1] === "interactions" ? 0 : 1, Number(match[2]), field];
}

/**
 * Loads the values a SCO starts with in the order scorm-again's `loadFromFlattenedJSON` would
 * (an element exists once its id is set), one value per call: with more than one, its sort calls
 * `localeCompare`, whose first call builds the browser's collator, a long task on a phone (decision 082).
 */
export function loadStartValues(api: Pick<Runtime, "loadFromFlattenedJSON">, values: Record<string, string>) {
  const ranked = Object.entries(values).map(([key, value]) => ({ key, value, rank: loadRank(key) }));
  ranked.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2] || (a.key < b.key ? -1 : 1));
  for (const { key, value } of ranked) api.loadFromFlattenedJSON({ [key]: value });
}

/**
 * A phone locking or the tab going to the background may be the page's last moment (the system
 * may discard it with no pagehide): what the SCO has set so far is committed for it, as the
 * standard lets an LMS persist at any time. Only changes are sent (scormDecision). Returns the stop.
 */
export function commitWhenHidden(api: Runtime): () => void {
  const onHidden = () => {
    if (document.visibilityState === "hidden" && api.isInitialized() && !api.isTerminated()) api.lmsCommit("");
  };
  document.addEventListener("visibilitychange", onHidden);
  return () => document.removeEventListener("visibilitychange", onHidden);
}

export async function installScormRuntime(
  version: ScormVersion,
  {
    start,
    onCommit,
    onNavigate,
  }: {
    /** The values the SCO starts with (`startValues` in scorm-package.ts). */
    start: Record<string, string>;
    /**
     * Takes a commit's flattened CMI, with whether it is Terminate's (LMSFinish's) and the 2004
     * `adl.nav.request` set then; false when it cannot be saved (too large, or saves are failing).
     */
    onCommit: (cmi: Record<string, unknown>, session: { terminated: boolean; navRequest: string }) => boolean;
    /** A 2004 SCO's adl.nav.request, handed over once Terminate has committed. */
    onNavigate: (request: NavRequest) => void;
  },
): Promise<() => void> {
  // Set by BeforeTerminate (both versions), which scorm-again fires just before Terminate's commit.
  let terminated = false;
  let navRequest = "";
  // scorm-again sends a commit only when it has a commit URL; this one is never requested: the
  // httpService below receives every commit synchronously and answers for the legacy API.
  const httpService = {
    processHttpRequest: (_url: string, params: unknown) =>
      commitAnswer(
        onCommit(params && typeof params === "object" ? (params as Record<string, unknown>) : {}, { terminated, navRequest }),
        version,
      ),
    updateSettings: () => undefined,
  };
  const settings = runtimeSettings(httpService);
  // The packages' own minified builds: smaller than the same code minified by the app's bundler.
  const api: Runtime =
    version === "2004"
      ? new ((await import("scorm-again/scorm2004/min")) as unknown as Scorm2004Module).Scorm2004API(settings)
      : new ((await import("scorm-again/scorm12/min")) as unknown as Scorm12Module).Scorm12API(settings);
  loadStartValues(api, start);
  api.on("BeforeTerminate", () => (terminated = true));
  if (version === "2004") {
    for (const [event, type] of Object.entries(NAV_EVENTS)) api.on(event, () => onNavigate({ type }));
    api.on("SequenceChoice", (target) => {
      if (typeof target === "string" && target) onNavigate({ type: "choice", target });
    });
    api.on("SetValue.adl.nav.request", (_element, value) => (navRequest = typeof value === "string" ? value : ""));
    // Without a sequencing tree scorm-again raises no event for these: the session is over, the player closes.
    api.on("Terminate", () => {
      if (CLOSING_REQUESTS.has(navRequest)) onNavigate({ type: "exitAll" });
    });
  }
  const stopCommitting = commitWhenHidden(api);
  const key = version === "2004" ? "API_1484_11" : "API";
  window[key] = api;
  return () => {
    stopCommitting();
    if (window[key] === api) delete window[key];
  };
}
