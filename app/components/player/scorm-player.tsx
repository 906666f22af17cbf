import { type CSSProperties, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { NoScriptNote, useScripted } from "./notes";
import {
  declaredAspect,
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

/** How often the player checks whether the package's own window was closed. */
const POPUP_WATCH_MS = 500;

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
  // Each start of the runtime: the frame, then each move to or from a window of its own.
  const [session, setSession] = useState(0);
  const [elsewhere, setElsewhere] = useState(false);
  const [aspect, setAspect] = useState<number | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  // The runtime calls back outside React; these refs give it the latest callbacks and what was sent.
  const latest = useRef({ report, onFinish, modules, saveRefused, unsaved });
  latest.current = { report, onFinish, modules, saveRefused, unsaved };
  const container = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const popup = useRef<Window | null>(null);
  const sent = useRef<{ previous: ScormSnapshot | null; modules: number[] }>({ previous: null, modules: [] });
  const startData = useRef({ manifestUrl, learner, src });
  // What a new start of the runtime resumes from: the loader's data, then each commit's.
  const kept = useRef(resume);

  useEffect(() => {
    let cancelled = false;
    let uninstall: (() => void) | null = null;
    let modulesTimer: number | undefined;
    const { manifestUrl: manifest, learner: who, src: launch } = startData.current;
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
        resume: kept.current,
        onCommit: (cmi) => {
          const next = scormSnapshot(version, cmi);
          // Too large for the legacy API: nothing is sent, the package and the learner are told.
          if (!scormDataFits(next.data)) {
            latest.current.unsaved();
            return false;
          }
          kept.current = next.data;
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
        // The window opened blank in the learner's tap loads the package once its runtime is here.
        if (popup.current && !popup.current.closed) popup.current.location.href = launch;
        else setPhase("loading");
      }
    })().catch(() => {
      if (!cancelled) setPhase("error");
    });
    return () => {
      cancelled = true;
      window.clearTimeout(modulesTimer);
      uninstall?.();
    };
  }, [session]);

  // Leaving the page: the frame is removed first, so the package's own unload handlers commit now;
  // a window of its own is closed (what it commits as it closes may come too late to be sent).
  useEffect(
    () =>
      onLeave(() => {
        frame.current?.remove();
        popup.current?.close();
      }),
    [onLeave]
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
      {elsewhere ? (
        <div className="scorm-elsewhere">
          <p role="status">{t("scormElsewhere")}</p>
          <button type="button" className="button button-primary" onClick={() => popup.current?.close()}>
            {t("scormBringBack")}
          </button>
        </div>
      ) : null}
      {running && !elsewhere ? (
        <>
          <p className="scorm-toolbar">
            {document.fullscreenEnabled ? (
              <button type="button" className="button-small" onClick={toggleFullscreen}>
                {t(fullscreen ? "exitFullscreen" : "fullscreen")}
              </button>
            ) : null}
            <button type="button" className="button-small" onClick={openElsewhere}>
              {t("openInWindow")}
            </button>
          </p>
          <iframe
            ref={frame}
            className="scorm-frame"
            data-aspect={aspect ? "declared" : undefined}
            src={src}
            title={title}
            onLoad={onFrameLoad}
            allow="fullscreen"
          />
        </>
      ) : null}
    </div>
  );
}
