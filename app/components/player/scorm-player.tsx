import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { NoScriptNote, useScripted } from "./notes";
import {
  SCORM_FALLBACK_LOAD_MS,
  SCORM_MODULES_FINISH_MS,
  type ScormItemState,
  type ScormProgress,
  scormDecision,
  scormItemState,
  scormProgress,
  scormSnapshot,
} from "./rules";
import { launchable, type NavRequest, navigate, startItem, startValues } from "./scorm-package";
import { installScormRuntime } from "./scorm-runtime";
import { ScormToc } from "./scorm-toc";
import type { ProgressReport, ScormPackage, ScormUserData } from "./types";

type Phase = "preparing" | "loading" | "ready" | "error";

/**
 * SCORM 1.2 and 2004 (spec §4): the package runs in a same-origin frame (through `/files/`) and
 * finds the scorm-again runtime on this window. Each commit becomes update_user_data,
 * update_points and update_activity_modules; the activity is finished on completed or passed,
 * on 100 points, or 1 s after every module is complete; a failed attempt is saved but never
 * finishes. A package of several SCOs shows its table of contents and runs each SCO with a fresh
 * runtime and its own data (scorm-package.ts); the activity is finished when they all are. If the
 * frame never says it loaded, it is shown anyway after 5 s.
 */
export function ScormPlayer({
  pack,
  title,
  modules,
  learner,
  resume,
  report,
  onFinish,
  onExit,
}: {
  pack: ScormPackage;
  title: string;
  modules: Array<{ id: number; key: string }>;
  learner: { id: number; firstName: string; lastName: string };
  resume: ScormUserData | null;
  report: (report: ProgressReport) => void;
  onFinish: () => void;
  /** Closes the player as its × does (a SCO's exit or exitAll request). */
  onExit: () => void;
}) {
  const { t } = useTranslation("player");
  const scripted = useScripted();
  const [phase, setPhase] = useState<Phase>("preparing");
  // Which SCO runs, and how many launches so far: each launch gets a fresh frame and runtime.
  const [open, setOpen] = useState({ id: startItem(pack, resume), launch: 0 });
  const [states, setStates] = useState(() => itemStates(pack, resume?.items ?? {}));
  // The runtime calls back outside React; these refs give it the latest callbacks and what was sent.
  const latest = useRef({ report, onFinish, onExit, modules });
  latest.current = { report, onFinish, onExit, modules };
  const sent = useRef<{ previous: ScormProgress | null; modules: number[] }>({ previous: null, modules: [] });
  // What each SCO kept so far, and the SCO open last (saved as `current`, even if it never commits).
  const saved = useRef({ learner, items: resume?.items ?? {}, current: open.id ?? "" });
  const modulesTimer = useRef<number>();
  useEffect(() => () => window.clearTimeout(modulesTimer.current), []);

  const launch = (id: string) => {
    saved.current.current = id;
    setPhase("preparing");
    setOpen((previous) => ({ id, launch: previous.launch + 1 }));
  };
  const item = pack.items.find((candidate) => candidate.id === open.id);

  useEffect(() => {
    const { id } = open;
    const sco = pack.items.find((candidate) => candidate.id === id);
    if (!id || !sco) return;
    let cancelled = false;
    let uninstall: (() => void) | null = null;
    const { version } = pack;
    const scos = launchable(pack).map((candidate) => candidate.id);
    const record = (cmi: Record<string, unknown>) => {
      const items = { ...saved.current.items, [id]: scormSnapshot(version, cmi).data };
      saved.current.items = items;
      setStates(itemStates(pack, items));
      const next = scormProgress(version, scos, items, saved.current.current);
      const decision = scormDecision(sent.current.previous, next, latest.current.modules, sent.current.modules);
      sent.current = { previous: next, modules: decision.reportedModules };
      for (const report of decision.reports) latest.current.report(report);
      if (decision.finish === "now") latest.current.onFinish();
      else if (decision.finish === "modules" && modulesTimer.current === undefined) {
        modulesTimer.current = window.setTimeout(() => latest.current.onFinish(), SCORM_MODULES_FINISH_MS);
      }
    };
    // Terminate answers the SCO first; the request is followed once it has returned.
    const follow = (request: NavRequest) =>
      window.setTimeout(() => {
        const target = navigate(pack, id, request);
        if (target && "close" in target) latest.current.onExit();
        else if (target) launch(target.launch);
      });
    if (!sco.sco) {
      // An asset has no runtime: opening it completes it.
      record(version === "2004" ? { "cmi.completion_status": "completed" } : { "cmi.core.lesson_status": "completed" });
      setPhase("loading");
      return;
    }
    installScormRuntime(version, {
      start: startValues(version, sco, saved.current.items[id], saved.current.learner),
      onCommit: record,
      onNavigate: follow,
    })
      .then((remove) => {
        if (cancelled) remove();
        else {
          uninstall = remove;
          setPhase("loading");
        }
      })
      .catch(() => {
        if (!cancelled) setPhase("error");
      });
    return () => {
      cancelled = true;
      uninstall?.();
    };
    // A launch (`open`) is what starts a runtime; the package does not change while the player is open.
  }, [open]);

  useEffect(() => {
    if (phase !== "loading") return;
    const timer = window.setTimeout(() => setPhase("ready"), SCORM_FALLBACK_LOAD_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  return (
    <div className="player-scorm" data-phase={phase}>
      <NoScriptNote text={t("scormNeedsJs")} />
      {phase === "error" ? (
        <p className="player-error" role="alert">
          {t("contentFailed")}
        </p>
      ) : null}
      {scripted && (phase === "preparing" || phase === "loading") ? (
        <p className="player-status" role="status">
          {t("contentLoading")}
        </p>
      ) : null}
      {scripted && launchable(pack).length > 1 ? (
        <ScormToc title={pack.title || title} items={pack.items} states={states} current={open.id} onChoose={launch} />
      ) : null}
      {(phase === "loading" || phase === "ready") && item?.launch ? (
        <iframe
          key={open.launch}
          className="scorm-frame"
          src={item.launch}
          title={title}
          onLoad={() => setPhase("ready")}
          allow="fullscreen"
        />
      ) : null}
    </div>
  );
}

function itemStates(pack: ScormPackage, items: Record<string, Record<string, string>>) {
  const states: Record<string, ScormItemState> = {};
  for (const item of launchable(pack)) {
    states[item.id] = scormItemState(items[item.id] ? scormSnapshot(pack.version, items[item.id]!) : null);
  }
  return states;
}
