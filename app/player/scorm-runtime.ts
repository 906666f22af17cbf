import type Scorm12API from "scorm-again/scorm12";
import type Scorm2004API from "scorm-again/scorm2004";
import type { ScormVersion } from "~/domain/activity";
import type { NavRequest } from "./scorm-package";

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
const commitAnswer = (saved: boolean, version: ScormVersion) =>
  saved ? ({ result: "true", errorCode: 0 } as const) : ({ result: "false", errorCode: COMMIT_FAILED[version] } as const);

/** The runtime's settings: it sends nothing itself, every commit goes to `httpService` (decision 020). */
const runtimeSettings = (httpService: {
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

/**
 * A phone locking or the tab going to the background may be the page's last moment (the system
 * may discard it with no pagehide): what the SCO has set so far is committed for it, as the
 * standard lets an LMS persist at any time. Only changes are sent (scormDecision). Returns the stop.
 */
function commitWhenHidden(api: Runtime): () => void {
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
  api.loadFromFlattenedJSON(start);
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

/** Whether each item of a sequenced package can be chosen in the contents list now, per its rules. */
export type ChoiceState = "enabled" | "disabled" | "hidden";

/** What the player shows of a sequenced package's navigation (decision 018): what the contents list offers. */
export type SequencedNavigation = { choices: Record<string, ChoiceState> };

/** The engine's view of an activity (scorm-again's Activity), as far as the player reads it. */
type EngineActivity = {
  id: string;
  children: EngineActivity[];
  successStatus: string;
  completionStatus: string;
  sequencingRules: { evaluatePreConditionRules(activity: EngineActivity): string | null };
};

type SequencedApi = Runtime & {
  SetValue(element: string, value: string): string;
  Terminate(parameter: string): string;
  reset(settings?: undefined, options?: { preserveListeners: boolean }): void;
  processNavigationRequest(request: string, target?: string): boolean;
  previewNavigationRequest(request: "continue" | "previous"): { outcome: string };
  getSequencingState(): { rootActivity: EngineActivity | null };
  serializeSequencingState(): string;
  deserializeSequencingState(state: string): boolean;
  resetSequencingState(): void;
};

export type SequencedRuntime = {
  /** The learner's Continue, Previous or a choice in the contents list, as the running SCO's own request would be. */
  request(request: "continue" | "previous" | { choice: string }): void;
  /** The course as the engine rolled it up, with the engine's state to keep. */
  rollup(): { state: string; success: string; completion: string };
  /** The player is going away (× or the page leaving): the SCO still running ends suspended, so the next launch resumes. */
  leaving(): void;
  uninstall(): void;
};

type EngineState = { sequencing?: { suspendedActivity?: string | null }; globalObjectiveMap?: unknown };

/** What of the engine's state is kept: the activities' tracking and the shared global objectives (not the timestamps and caches beside them). */
function keptState(serialized: string): string {
  const { sequencing, globalObjectiveMap } = JSON.parse(serialized) as EngineState;
  return JSON.stringify({ sequencing, globalObjectiveMap });
}

function suspendedIn(state: string): boolean {
  try {
    return Boolean((JSON.parse(state) as EngineState).sequencing?.suspendedActivity);
  } catch {
    return false;
  }
}

/**
 * A SCORM 2004 package with sequencing rules (decision 018): one scorm-again runtime for the whole
 * session, whose sequencing engine runs the manifest's activity tree (`tree`, from the server).
 * The engine decides which SCO is delivered (`onDeliver`, after the runtime was reset and loaded
 * with `start(id)`), what Continue, Previous and each choice may do (`onNavigation`), and when the
 * session ends (`onEnd`); a request it refuses is `onBlocked`. Each commit goes to `onCommit` for
 * the SCO delivered. The engine's state (`saved`) resumes a suspended session.
 */
export async function installSequencedRuntime({
  tree,
  saved,
  start,
  onCommit,
  onDeliver,
  onNavigation,
  onBlocked,
  onEnd,
}: {
  tree: unknown;
  saved: string | null;
  start: (id: string) => Record<string, string>;
  onCommit: (id: string, cmi: Record<string, unknown>, session: { terminated: boolean; navRequest: string }) => boolean;
  onDeliver: (id: string) => void;
  onNavigation: (navigation: SequencedNavigation) => void;
  onBlocked: () => void;
  /** The session ended: scorm-again's reason, "suspend_all", "exit_all", "abandon_all" or "end_of_content". */
  onEnd: (reason: string) => void;
}): Promise<SequencedRuntime> {
  let delivered: string | null = null;
  let terminated = false;
  let navRequest = "";
  let choice: Record<string, string> = {};
  // While the session starts, a refused start is tried again before the learner hears of it.
  let starting = true;
  const httpService = {
    processHttpRequest: (_url: string, params: unknown) => {
      const cmi = params && typeof params === "object" ? (params as Record<string, unknown>) : {};
      const saved = delivered !== null && onCommit(delivered, cmi, { terminated, navRequest });
      // What the SCO just set may open the way on (the look-ahead reads the running SCO's data).
      if (api && delivered !== null && !terminated) onNavigation(navigation());
      return commitAnswer(saved, "2004");
    },
    updateSettings: () => undefined,
  };
  // Set once the runtime exists (the engine may deliver while it is being built).
  let api: SequencedApi | null = null;
  const navigation = (): SequencedNavigation => {
    const choices: Record<string, ChoiceState> = {};
    const visit = (activity: EngineActivity) => {
      const rule = activity.sequencingRules.evaluatePreConditionRules(activity);
      choices[activity.id] =
        rule === "hiddenFromChoice" ? "hidden" : rule === "disabled" || choice[activity.id] !== "true" ? "disabled" : "enabled";
      activity.children.forEach(visit);
    };
    const root = api?.getSequencingState().rootActivity;
    if (root) visit(root);
    return { choices };
  };
  const deliver = (id: string) => {
    if (!api) return;
    if (delivered !== null) api.reset(undefined, { preserveListeners: true });
    api.loadFromFlattenedJSON(start(id));
    delivered = id;
    terminated = false;
    navRequest = "";
    onDeliver(id);
    onNavigation(navigation());
  };
  const settings = {
    ...runtimeSettings(httpService),
    sequencing: {
      activityTree: tree,
      eventListeners: {
        // Fired inside the navigation request or the SCO's own Terminate: the swap waits for it to return.
        onActivityDelivery: (activity: { id: string }) => window.setTimeout(() => deliver(activity.id)),
        onNavigationValidityUpdate: (update: { choice: Record<string, string> }) => {
          choice = update.choice;
          if (api && delivered !== null) onNavigation(navigation());
        },
        onSequencingSessionEnd: ({ reason }: { reason: string }) => onEnd(reason),
        onSequencingError: () => {
          if (starting) return;
          onBlocked();
          if (api && delivered !== null) onNavigation(navigation());
        },
      },
    },
  };
  const { Scorm2004API } = (await import("scorm-again/scorm2004/min")) as unknown as {
    Scorm2004API: new (settings: unknown) => SequencedApi;
  };
  api = new Scorm2004API(settings);
  const runtime = api;
  runtime.on("BeforeTerminate", () => (terminated = true));
  runtime.on("SetValue.adl.nav.request", (_element, value) => (navRequest = typeof value === "string" ? value : ""));
  const stopCommitting = commitWhenHidden(runtime);
  window.API_1484_11 = runtime;
  const running = () => runtime.isInitialized() && !runtime.isTerminated();
  if (saved) runtime.deserializeSequencingState(saved);
  // Started before any SCO loads: otherwise the SCO's Initialize starts the engine on the first activity.
  // A state saved while a SCO was still running (the page died before it could suspend) can neither
  // start nor resume: the course then starts again, the SCOs' own data kept.
  const began =
    runtime.processNavigationRequest(saved && suspendedIn(saved) ? "resumeAll" : "start") ||
    (saved !== null && (runtime.resetSequencingState(), runtime.processNavigationRequest("start")));
  starting = false;
  if (!began) onBlocked();
  return {
    request: (request) => {
      const [type, target] = typeof request === "string" ? [request, ""] : ["choice", request.choice];
      if (running()) {
        // A request the engine would refuse leaves the SCO running (its look-ahead runs the rules on a copy).
        if (!target && runtime.previewNavigationRequest(type as "continue" | "previous").outcome === "blocked")
          return onBlocked();
        // The SCO's session ends with the request, as if the SCO had made it.
        runtime.SetValue("adl.nav.request", target ? `{target=${target}}choice` : type);
        runtime.Terminate("");
      } else if (!runtime.processNavigationRequest(type, target || undefined)) {
        onBlocked();
      }
    },
    rollup: () => {
      const root = runtime.getSequencingState().rootActivity;
      return {
        state: keptState(runtime.serializeSequencingState()),
        success: root?.successStatus ?? "unknown",
        completion: root?.completionStatus ?? "unknown",
      };
    },
    leaving: () => {
      if (running() && !navRequest) runtime.SetValue("adl.nav.request", "suspendAll");
    },
    uninstall: () => {
      stopCommitting();
      if (window.API_1484_11 === runtime) delete window.API_1484_11;
    },
  };
}
