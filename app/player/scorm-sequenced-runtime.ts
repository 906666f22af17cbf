import { commitAnswer, commitWhenHidden, loadStartValues, type Runtime, runtimeSettings } from "./scorm-runtime";

/**
 * The runtime of a SCORM 2004 package with sequencing rules (decision 018), loaded only by such a
 * package: the SCORM player imports it when the manifest has an activity tree, so a SCORM 1.2 or
 * unsequenced package's page does not carry it.
 */

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
    loadStartValues(api, start(id));
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
