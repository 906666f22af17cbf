import { type CSSProperties, lazy, Suspense, useEffect, useRef, useState } from "react";
import {
  declaredAspect,
  holdFailure,
  latestData,
  SCORM_FALLBACK_LOAD_MS,
  type ScoAttempt,
  SCORM_MODULES_FINISH_MS,
  type ScormItemState,
  type ScormProgress,
  scormDecision,
  scormItemState,
  scormProgress,
  scormSnapshot,
  scoExit,
} from "~/domain/scorm";
import { useClientLayoutEffect } from "~/lib/hooks";
import { useTranslation } from "~/lib/i18n/use-translation";
import { launchable, launchSco, type NavRequest, navigate, scormDataFits, startItem, startValues } from "~/player/scorm-package";
import { installScormRuntime } from "~/player/scorm-runtime";
import type { SequencedNavigation, SequencedRuntime } from "~/player/scorm-sequenced-runtime";
import type { ProgressReport, ScormPackage, ScormUserData, SequencingActivity } from "~/player/types";
import { NoScriptNote, useScripted } from "./notes";

type Phase = "preparing" | "loading" | "ready" | "error";

/** Only a package of several SCOs has a table of contents: it loads with the first one. */
const ScormToc = lazy(() => import("./scorm-toc").then((module) => ({ default: module.ScormToc })));

/** How often the player checks whether the package's own window was closed. */
const POPUP_WATCH_MS = 500;

/**
 * SCORM 1.2 and 2004 (spec §4): the package runs in a same-origin frame (through `/files/`), or a
 * window of its own, and finds the scorm-again runtime on this window. Each commit becomes
 * update_user_data, update_points and update_activity_modules; the activity is finished on
 * completed or passed, on 100 points, or 1 s after every module is complete; a failed attempt is
 * saved but never finishes. A package of several SCOs shows its table of contents and runs each
 * SCO with a fresh runtime and its own data (scorm-package.ts); the activity is finished when they
 * all are. A 2004 package with sequencing rules runs one runtime whose engine delivers its SCOs,
 * with the player's Continue and Previous and the rules in the table of contents (decision 018).
 * A commit that cannot be saved answers false (decision 020). If the frame never says it loaded,
 * it is shown anyway after 5 s.
 */
export function ScormPlayer({
  pack,
  title,
  modules,
  learner,
  resume,
  report,
  onFinish,
  saveRefused,
  unsaved,
  onLeave,
  onExit,
}: {
  pack: ScormPackage;
  title: string;
  modules: Array<{ id: number; key: string }>;
  learner: { id: number; firstName: string; lastName: string };
  resume: ScormUserData | null;
  report: (report: ProgressReport) => void;
  onFinish: () => void;
  /** The legacy API refused the last write, and none was saved since. */
  saveRefused: boolean;
  unsaved: () => void;
  onLeave: (close: () => void) => () => void;
  /** Closes the player as its × does (a SCO's exit or exitAll request). */
  onExit: () => void;
}) {
  const { t } = useTranslation("player");
  const scripted = useScripted();
  const [phase, setPhase] = useState<Phase>("preparing");
  // Which SCO runs, and how many launches so far: each launch gets a fresh frame and runtime.
  // A sequenced package's engine delivers its SCOs (decision 018): nothing is open until it does.
  const sequencing = pack.version === "2004" ? (pack.sequencing ?? null) : null;
  const [open, setOpen] = useState({ id: sequencing ? null : startItem(pack, resume), launch: 0 });
  const [navigation, setNavigation] = useState<SequencedNavigation | null>(null);
  const [blocked, setBlocked] = useState(false);
  const sequenced = useRef<SequencedRuntime | null>(null);
  // Each start of the runtime for the open SCO: the frame, then each move to or from a window of its own.
  const [session, setSession] = useState(0);
  const [states, setStates] = useState(() => itemStates(pack, resume?.items ?? {}, resume?.attempts ?? {}));
  const [elsewhere, setElsewhere] = useState(false);
  const [aspect, setAspect] = useState<number | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  // The runtime calls back outside React; these refs give it the latest callbacks and what was sent.
  const latest = useRef({ report, onFinish, onExit, modules, saveRefused, unsaved });
  latest.current = { report, onFinish, onExit, modules, saveRefused, unsaved };
  const container = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const popup = useRef<Window | null>(null);
  const sent = useRef<{ previous: ScormProgress | null; modules: number[] }>({ previous: null, modules: [] });
  // What each SCO kept so far (its current attempt), its attempts, and the SCO open last (saved as
  // `current`, even if it never commits).
  const saved = useRef({ learner, items: resume?.items ?? {}, attempts: resume?.attempts ?? {}, current: open.id ?? "" });
  const modulesTimer = useRef<number>();
  useEffect(() => () => window.clearTimeout(modulesTimer.current), []);

  /** The writes a change of the saved data calls for, and the finish when the package's result rule says so. */
  const commitProgress = () => {
    const { version } = pack;
    const scos = launchable(pack).map((candidate) => candidate.id);
    const { items, attempts, current } = saved.current;
    const next = scormProgress(version, scos, items, current, attempts, sequenced.current?.rollup());
    const decision = scormDecision(sent.current.previous, next, latest.current.modules, sent.current.modules);
    sent.current = { previous: next, modules: decision.reportedModules };
    for (const report of decision.reports) latest.current.report(report);
    if (decision.finish === "now") latest.current.onFinish();
    else if (decision.finish === "modules" && modulesTimer.current === undefined) {
      modulesTimer.current = window.setTimeout(() => latest.current.onFinish(), SCORM_MODULES_FINISH_MS);
    }
  };

  /** A commit of SCO `id`: its data kept (a failure held within its attempt), then the writes it calls for. */
  const recordCommit = (id: string, cmi: Record<string, unknown>, session: { terminated: boolean; navRequest: string }) => {
    const { version } = pack;
    const exit = scoExit(version, cmi, session.terminated, session.navRequest);
    const data = holdFailure(version, saved.current.items[id], scormSnapshot(version, cmi).data);
    // A suspendAll is kept as the suspend it is, so the next launch resumes.
    if (exit === "suspend") data[version === "1.2" ? "cmi.core.exit" : "cmi.exit"] = "suspend";
    const items = { ...saved.current.items, [id]: data };
    const attempt: ScoAttempt = { ...(saved.current.attempts[id] ?? { number: 1 }), ended: exit === "ended" };
    // A first attempt still open is the default, and is not written down.
    const { [id]: _, ...others } = saved.current.attempts;
    let attempts = attempt.number > 1 || attempt.ended ? { ...others, [id]: attempt } : others;
    const sequencingState = sequenced.current?.rollup().state;
    const fits = () =>
      scormDataFits({
        scorm: 2,
        current: saved.current.current,
        items,
        attempts,
        ...(sequencingState ? { sequencing: sequencingState } : {}),
      });
    // The attempt before is only a record: it gives way to the current one's data.
    if (!fits() && attempt.previous) attempts = { ...others, [id]: { number: attempt.number, ended: attempt.ended } };
    // Too large for the legacy API: nothing is sent, the package and the learner are told.
    if (!fits()) {
      latest.current.unsaved();
      return false;
    }
    saved.current.items = items;
    saved.current.attempts = attempts;
    setStates(itemStates(pack, items, attempts));
    const refusedBefore = latest.current.saveRefused;
    commitProgress();
    // A save the legacy API refused makes this commit fail too, until one is saved again.
    return !refusedBefore;
  };

  /** What SCO `id` starts with once launched (a new attempt after an ended one, decision 055). */
  const launchValues = (id: string, objectives: boolean) => {
    const sco = pack.items.find((candidate) => candidate.id === id);
    const launched = launchSco(pack.version, saved.current, id);
    saved.current.items = launched.items;
    saved.current.attempts = launched.attempts;
    // A sequenced package's engine gives each SCO its objectives, the shared ones' status included.
    const item = { cmi: sco?.cmi ?? {}, objectives: objectives ? (sco?.objectives ?? []) : [] };
    return startValues(pack.version, item, launched.saved, saved.current.learner, launched.entry);
  };

  const launch = (id: string) => {
    saved.current.current = id;
    setPhase("preparing");
    setOpen((previous) => ({ id, launch: previous.launch + 1 }));
  };
  const item = pack.items.find((candidate) => candidate.id === open.id);
  // A package without sequencing rules: once the SCO open is completed or passed, the next one is
  // offered (a 1.2 SCO asks nothing of the LMS; a 2004 one may, with `continue`) (issue #29 item 2).
  const nextSco = (() => {
    if (sequencing || !open.id || !["completed", "passed"].includes(states[open.id] ?? "")) return null;
    const target = navigate(pack, open.id, { type: "continue" });
    return target && "launch" in target ? (pack.items.find((candidate) => candidate.id === target.launch) ?? null) : null;
  })();

  useEffect(() => {
    const { id } = open;
    const sco = pack.items.find((candidate) => candidate.id === id);
    if (!id || !sco?.launch) return;
    const address = sco.launch;
    let cancelled = false;
    let uninstall: (() => void) | null = null;
    const { version } = pack;
    const record = (cmi: Record<string, unknown>, session: { terminated: boolean; navRequest: string }) =>
      recordCommit(id, cmi, session);
    // Terminate answers the SCO first; the request is followed once it has returned.
    const follow = (request: NavRequest) =>
      window.setTimeout(() => {
        const target = navigate(pack, id, request);
        if (target && "close" in target) latest.current.onExit();
        else if (target) launch(target.launch);
      });
    // The window opened blank in the learner's tap loads the SCO once its runtime is here.
    const show = () => {
      if (popup.current && !popup.current.closed) popup.current.location.href = address;
      else setPhase("loading");
    };
    if (!sco.sco) {
      // An asset has no runtime: opening it completes it.
      record(version === "2004" ? { "cmi.completion_status": "completed" } : { "cmi.core.lesson_status": "completed" }, {
        terminated: false,
        navRequest: "",
      });
      show();
      return;
    }
    // A sequenced package's runtime lives for the whole session: the SCO it delivered just loads.
    if (sequencing) {
      show();
      return;
    }
    installScormRuntime(version, {
      start: launchValues(id, true),
      onCommit: record,
      onNavigate: follow,
    })
      .then((remove) => {
        if (cancelled) remove();
        else {
          uninstall = remove;
          show();
        }
      })
      .catch(() => {
        if (!cancelled) setPhase("error");
      });
    return () => {
      cancelled = true;
      uninstall?.();
    };
    // A launch (`open`) or a move to or from a window (`session`) starts a runtime; the package does not change while the player is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, [open, session]);

  // A sequenced package: one runtime whose engine delivers each SCO, says what the learner may do
  // next and ends the session (decision 018); its state is saved with the SCOs' data.
  const leaving = useRef(false);
  useEffect(() => {
    if (!sequencing) return;
    let cancelled = false;
    let runtime: SequencedRuntime | null = null;
    // Its own chunk: only a sequenced package loads the engine's glue.
    import("~/player/scorm-sequenced-runtime")
      .then(({ installSequencedRuntime }) =>
        installSequencedRuntime({
          tree: sequencing,
          saved: resume?.sequencing ?? null,
          start: (id) => launchValues(id, false),
          onCommit: recordCommit,
          onDeliver: (id) => {
            setBlocked(false);
            launch(id);
            // The SCO open and its new attempt, if it is one, are kept before it even commits.
            commitProgress();
          },
          onNavigation: setNavigation,
          onBlocked: () => setBlocked(true),
          onEnd: () => {
            // Suspended, exited or past its end: the engine's state is kept, and the player closes.
            commitProgress();
            if (!leaving.current) latest.current.onExit();
          },
        }),
      )
      .then((installed) => {
        if (cancelled) installed.uninstall();
        else sequenced.current = runtime = installed;
      })
      .catch(() => {
        if (!cancelled) setPhase("error");
      });
    return () => {
      cancelled = true;
      runtime?.uninstall();
    };
    // The package does not change while the player is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, []);

  // Closing the player: a SCO still running ends suspended as its frame goes (the next launch resumes).
  useClientLayoutEffect(
    () => () => {
      leaving.current = true;
      sequenced.current?.leaving();
    },
    [],
  );

  // Leaving the page: the frame is removed first, so the package's own unload handlers commit now;
  // a window of its own is closed (what it commits as it closes may come too late to be sent).
  useEffect(
    () =>
      onLeave(() => {
        leaving.current = true;
        sequenced.current?.leaving();
        frame.current?.remove();
        popup.current?.close();
      }),
    [onLeave],
  );

  useEffect(() => {
    if (phase !== "loading") return;
    const timer = window.setTimeout(() => setPhase("ready"), SCORM_FALLBACK_LOAD_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  // While the package runs in its own window, the player watches for it to close and then shows it
  // here again, with a fresh runtime that resumes from the window's last commit.
  useEffect(() => {
    if (!elsewhere) return;
    const watch = window.setInterval(() => {
      if (!popup.current?.closed) return;
      popup.current = null;
      setElsewhere(false);
      setPhase("preparing");
      setSession((n) => n + 1);
    }, POPUP_WATCH_MS);
    return () => window.clearInterval(watch);
  }, [elsewhere]);

  useEffect(() => () => popup.current?.close(), []);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === container.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
      return;
    }
    void container.current
      ?.requestFullscreen()
      .then(() => {
        // A hint only: phones that cannot lock (or browsers without it) keep their orientation.
        const orientation = screen.orientation as ScreenOrientation & { lock?: (to: string) => Promise<void> };
        if ((aspect ?? 0) > 1) return orientation?.lock?.("landscape");
      })
      .catch(() => undefined);
  };

  const openElsewhere = () => {
    // Opened blank within the tap (no popup blocker), and not `noopener`: the package finds the
    // runtime through window.opener.
    const opened = window.open("", `scorm-${title}`);
    if (!opened) return;
    popup.current = opened;
    setElsewhere(true);
    setSession((n) => n + 1);
  };

  const onFrameLoad = () => {
    let viewport: string | null = null;
    try {
      viewport = frame.current?.contentDocument?.querySelector('meta[name="viewport"]')?.getAttribute("content") ?? null;
    } catch {
      // Not same-origin after all: keep the default shape.
    }
    setAspect(declaredAspect(viewport));
    setPhase("ready");
  };

  const running = phase === "loading" || phase === "ready";
  return (
    <div
      ref={container}
      className="player-scorm"
      data-phase={phase}
      data-aspect={aspect ? "declared" : undefined}
      data-elsewhere={elsewhere || undefined}
      style={aspect ? ({ "--scorm-aspect": aspect } as CSSProperties) : undefined}
    >
      <NoScriptNote text={t("scormNeedsJs")} />
      {phase === "error" ? (
        <p className="player-error" role="alert">
          {t("contentFailed")}
        </p>
      ) : null}
      {scripted && !elsewhere && (phase === "preparing" || phase === "loading") ? (
        <p className="player-status" role="status">
          {t("contentLoading")}
        </p>
      ) : null}
      {scripted && launchable(pack).length > 1 ? (
        <Suspense fallback={null}>
          <ScormToc
            title={pack.title || title}
            items={pack.items}
            states={states}
            current={open.id}
            choices={navigation?.choices}
            onChoose={sequencing ? (id) => sequenced.current?.request({ choice: id }) : launch}
          />
        </Suspense>
      ) : null}
      {elsewhere ? (
        <div className="scorm-elsewhere">
          <p role="status">{t("scormElsewhere")}</p>
          <button type="button" className="button button-primary" onClick={() => popup.current?.close()}>
            {t("scormBringBack")}
          </button>
        </div>
      ) : null}
      {running && !elsewhere && nextSco ? (
        <p className="scorm-next" role="status">
          {t("scormScoDone")}{" "}
          <button type="button" className="button-small button-primary" onClick={() => launch(nextSco.id)}>
            {t("scormNextSco", { title: nextSco.title })}
          </button>
        </p>
      ) : null}
      {running && !elsewhere && item?.launch ? (
        <>
          <p className="scorm-toolbar">
            {document.fullscreenEnabled ? (
              <button type="button" className="button-small" onClick={toggleFullscreen}>
                {t(fullscreen ? "exitFullscreen" : "fullscreen")}
              </button>
            ) : null}
            {sequencing ? null : (
              <button type="button" className="button-small" onClick={openElsewhere}>
                {t("openInWindow")}
              </button>
            )}
            {sequencing && flows(sequencing) ? (
              <>
                <button type="button" className="button-small" onClick={() => sequenced.current?.request("previous")}>
                  {t("scormPrevious")}
                </button>
                <button type="button" className="button-small" onClick={() => sequenced.current?.request("continue")}>
                  {t("scormContinue")}
                </button>
              </>
            ) : null}
          </p>
          {blocked ? (
            <p className="player-status" role="status">
              {t("scormBlocked")}
            </p>
          ) : null}
          <iframe
            key={open.launch}
            ref={frame}
            className="scorm-frame"
            data-aspect={aspect ? "declared" : undefined}
            src={item.launch}
            title={title}
            onLoad={onFrameLoad}
            allow="fullscreen"
          />
        </>
      ) : null}
    </div>
  );
}

/** Whether any part of the course moves by Continue and Previous (its flow control mode). */
function flows(activity: SequencingActivity): boolean {
  return activity.sequencingControls.flow === true || (activity.children ?? []).some(flows);
}

function itemStates(pack: ScormPackage, items: Record<string, Record<string, string>>, attempts: Record<string, ScoAttempt>) {
  const states: Record<string, ScormItemState> = {};
  for (const item of launchable(pack)) {
    const data = latestData(item.id, items, attempts);
    states[item.id] = scormItemState(data ? scormSnapshot(pack.version, data) : null);
  }
  return states;
}
