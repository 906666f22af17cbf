import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { NoScriptNote, useScripted } from "./notes";
import {
  SCORM_FALLBACK_LOAD_MS,
  SCORM_MODULES_FINISH_MS,
  type ScormSnapshot,
  scormDataFits,
  scormDecision,
  scormSnapshot,
  scormVersionOf,
} from "./rules";
import { installScormRuntime } from "./scorm-runtime";
import type { ProgressReport } from "./types";

type Phase = "preparing" | "loading" | "ready" | "error";

/**
 * SCORM 1.2 and 2004 (spec §4): the package runs in a same-origin frame (through `/files/`) and
 * finds the scorm-again runtime on this window. Each commit becomes update_user_data,
 * update_points and update_activity_modules; the activity is finished on completed or passed,
 * on 100 points, or 1 s after every module is complete. If the frame never says it loaded, it is
 * shown anyway after 5 s.
 */
export function ScormPlayer({
  src,
  manifestUrl,
  title,
  modules,
  learner,
  resume,
  report,
  onFinish,
  saveRefused,
  unsaved,
  onLeave,
}: {
  src: string;
  manifestUrl: string | null;
  title: string;
  modules: Array<{ id: number; key: string }>;
  learner: { id: number; firstName: string; lastName: string };
  resume: Record<string, string> | null;
  report: (report: ProgressReport) => void;
  onFinish: () => void;
  /** The legacy API refused the last write, and none was saved since. */
  saveRefused: boolean;
  unsaved: () => void;
  onLeave: (close: () => void) => () => void;
}) {
  const { t } = useTranslation("player");
  const scripted = useScripted();
  const [phase, setPhase] = useState<Phase>("preparing");
  // The runtime calls back outside React; these refs give it the latest callbacks and what was sent.
  const latest = useRef({ report, onFinish, modules, saveRefused, unsaved });
  latest.current = { report, onFinish, modules, saveRefused, unsaved };
  const frame = useRef<HTMLIFrameElement>(null);
  const sent = useRef<{ previous: ScormSnapshot | null; modules: number[] }>({ previous: null, modules: [] });
  const startData = useRef({ manifestUrl, learner, resume });

  useEffect(() => {
    let cancelled = false;
    let uninstall: (() => void) | null = null;
    let modulesTimer: number | undefined;
    const { manifestUrl: manifest, learner: who, resume: saved } = startData.current;
    (async () => {
      const text = manifest
        ? await fetch(manifest).then(
            (response) => (response.ok ? response.text() : null),
            () => null
          )
        : null;
      const version = scormVersionOf(text);
      const remove = await installScormRuntime(version, {
        learner: who,
        resume: saved,
        onCommit: (cmi) => {
          const next = scormSnapshot(version, cmi);
          // Too large for the legacy API: nothing is sent, the package and the learner are told.
          if (!scormDataFits(next.data)) {
            latest.current.unsaved();
            return false;
          }
          const refusedBefore = latest.current.saveRefused;
          const decision = scormDecision(sent.current.previous, next, latest.current.modules, sent.current.modules);
          sent.current = { previous: next, modules: decision.reportedModules };
          for (const item of decision.reports) latest.current.report(item);
          if (decision.finish === "now") latest.current.onFinish();
          else if (decision.finish === "modules" && modulesTimer === undefined) {
            modulesTimer = window.setTimeout(() => latest.current.onFinish(), SCORM_MODULES_FINISH_MS);
          }
          // A save the legacy API refused makes this commit fail too, until one is saved again.
          return !refusedBefore;
        },
      });
      if (cancelled) remove();
      else {
        uninstall = remove;
        setPhase("loading");
      }
    })().catch(() => {
      if (!cancelled) setPhase("error");
    });
    return () => {
      cancelled = true;
      window.clearTimeout(modulesTimer);
      uninstall?.();
    };
  }, []);

  // Leaving the page: the frame is removed first, so the package's own unload handlers commit now.
  useEffect(() => onLeave(() => frame.current?.remove()), [onLeave]);

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
      {phase === "loading" || phase === "ready" ? (
        <iframe ref={frame} className="scorm-frame" src={src} title={title} onLoad={() => setPhase("ready")} allow="fullscreen" />
      ) : null}
    </div>
  );
}
