import { useEffect, useRef, useState } from "react";
import { showToast } from "~/components/toaster";
import { formatBytes } from "~/lib/format";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useSaveData } from "~/lib/save-data";
import { planSave, runSave, type SavePlan, type SaveTarget } from "~/offline/save";

type Step =
  | { name: "idle" }
  | { name: "planning" }
  | { name: "confirm"; plan: SavePlan }
  | { name: "saving"; percent: number }
  | { name: "saved" }
  | { name: "message"; text: "saveFailed" | "noSpace" | "notSaveable" | "routeNone" };

/**
 * Saving for offline use, once the learner tapped (components/save-offline.tsx): the size first
 * (always for a route, and explicitly under Save-Data), then the download with its progress. A
 * save the learner leaves (the player closed, another page) goes on, and toasts say so, then how it
 * ended (issue #29 item 7).
 */
export default function SaveOfflineFlow({ targets, user, route }: { targets: SaveTarget[]; user: number; route: boolean }) {
  const { t, i18n } = useTranslation("offline");
  const saveData = useSaveData();
  const [step, setStep] = useState<Step>({ name: "planning" });
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (step.name === "confirm") confirmRef.current?.focus();
  }, [step.name]);

  const owner = { user, lng: i18n.language };
  // Whether the view is still there, whether a save runs, and the words for toasts once it is gone.
  const shown = useRef(true);
  const saving = useRef(false);
  const latestT = useRef(t);
  latestT.current = t;
  useEffect(
    () => () => {
      shown.current = false;
      if (saving.current) showToast({ type: "info", message: latestT.current("savingContinues") });
    },
    [],
  );

  const save = async (plan: SavePlan) => {
    setStep({ name: "saving", percent: 0 });
    saving.current = true;
    try {
      await runSave(plan, owner, (done) => setStep({ name: "saving", percent: Math.round(done * 100) }));
      if (shown.current) setStep({ name: "saved" });
      else showToast({ type: "success", message: latestT.current(route ? "savedRouteLater" : "savedLater") });
    } catch (error) {
      const noSpace = error instanceof Error && error.message === "noSpace";
      if (shown.current) setStep({ name: "message", text: noSpace ? "noSpace" : "saveFailed" });
      else showToast({ type: "error", message: latestT.current(noSpace ? "noSpace" : "saveFailed") });
    } finally {
      saving.current = false;
    }
  };

  const start = async () => {
    setStep({ name: "planning" });
    try {
      const plan = await planSave(targets);
      if (plan.items.length === 0) setStep({ name: "message", text: route ? "routeNone" : "notSaveable" });
      else if (route || saveData) setStep({ name: "confirm", plan });
      else await save(plan);
    } catch {
      setStep({ name: "message", text: "saveFailed" });
    }
  };

  // The learner's tap mounted this flow: it starts once.
  const begun = useRef(false);
  useEffect(() => {
    if (begun.current) return;
    begun.current = true;
    void start();
  });

  const sizeOf = (plan: SavePlan) => {
    const size = formatBytes(plan.bytes, i18n.language);
    return plan.estimated ? t("approx", { size }) : size;
  };

  const status = (() => {
    switch (step.name) {
      case "saving":
        return t("saving", { percent: step.percent });
      case "saved":
        return route ? t("savedRoute") : t("saved");
      case "message":
        return t(step.text);
      default:
        return null;
    }
  })();

  return (
    <div className="save-offline">
      {step.name === "confirm" ? (
        <div className="save-offline-confirm">
          <p>{t(saveData ? "saveDataWarning" : "sizeQuestion", { size: sizeOf(step.plan) })}</p>
          <div className="save-offline-actions">
            <button type="button" className="button button-primary" ref={confirmRef} onClick={() => void save(step.plan)}>
              {t("confirm")}
            </button>
            <button type="button" className="button" onClick={() => setStep({ name: "idle" })}>
              {t("cancel")}
            </button>
          </div>
        </div>
      ) : step.name === "saved" && !route ? null : (
        <button
          type="button"
          className="button"
          disabled={step.name === "planning" || step.name === "saving"}
          onClick={() => void start()}
        >
          {route ? t("saveRoute") : t("save")}
        </button>
      )}
      {step.name === "saving" ? (
        <progress max={100} value={step.percent} aria-label={t("saving", { percent: step.percent })} />
      ) : null}
      <p role="status" className="save-offline-status">
        {status}
      </p>
    </div>
  );
}
