import { describe, expect, it } from "vitest";
import {
  retryDelayMs,
  safeToRepeat,
  type ScormProgress,
  scormDecision,
  scormItemState,
  scormProgress,
  scormSnapshot,
} from "./rules";
import type { ProgressReport } from "./types";

describe("safeToRepeat", () => {
  it("holds for every write but update_time, which adds its minutes", () => {
    expect(safeToRepeat({ action: "update_time", time: 1 })).toBe(false);
    const setters: ProgressReport[] = [
      { action: "started" },
      { action: "finished" },
      { action: "update_user_data", userData: { scorm: 2, current: "sco", items: {} } },
      { action: "update_points", progress: 50 },
      { action: "update_activity_modules", modules: [1] },
    ];
    for (const report of setters) {
      expect(safeToRepeat(report)).toBe(true);
    }
  });
});

describe("retryDelayMs", () => {
  it("grows and then stays at 30 s", () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelayMs)).toEqual([2_000, 5_000, 10_000, 20_000, 30_000, 30_000]);
  });
});

describe("scormDecision", () => {
  const modules = [
    { id: 1001, key: "pagina-1" },
    { id: 1002, key: "pagina-2" },
  ];
  const userData = { scorm: 2 as const, current: "sco", items: { sco: { "cmi.core.lesson_location": "1" } } };
  const snapshot = (changes: Partial<ScormProgress> = {}): ScormProgress => ({
    statuses: ["incomplete"],
    score: null,
    completedObjectives: [],
    userData,
    ...changes,
  });

  it("sends the runtime's data when it changed, and nothing else while incomplete", () => {
    const first = scormDecision(null, snapshot(), modules, []);
    expect(first.reports).toEqual([{ action: "update_user_data", userData }]);
    expect(first.finish).toBeNull();
    expect(scormDecision(snapshot(), snapshot(), modules, []).reports).toEqual([]);
  });

  it("finishes on completed or passed", () => {
    expect(scormDecision(null, snapshot({ statuses: ["completed"] }), modules, []).finish).toBe("now");
    expect(scormDecision(null, snapshot({ statuses: ["incomplete", "passed"] }), modules, []).finish).toBe("now");
    expect(scormDecision(null, snapshot({ statuses: ["failed"] }), modules, []).finish).toBeNull();
  });

  it("sends points when the score changes and finishes at 100", () => {
    const scored = scormDecision(snapshot(), snapshot({ score: 60 }), modules, []);
    expect(scored.reports).toEqual([{ action: "update_points", progress: 60 }]);
    expect(scored.finish).toBeNull();
    const full = scormDecision(snapshot({ score: 60 }), snapshot({ score: 120 }), modules, []);
    expect(full.reports).toEqual([{ action: "update_points", progress: 100 }]);
    expect(full.finish).toBe("now");
  });

  it("reports each module once and finishes a moment after the last one", () => {
    const one = scormDecision(null, snapshot({ completedObjectives: ["PAGINA-1"], userData: { ...userData, items: {} } }), modules, []);
    expect(one.reports).toEqual([{ action: "update_activity_modules", modules: [1001] }]);
    expect(one.finish).toBeNull();
    const both = scormDecision(
      null,
      snapshot({ completedObjectives: ["pagina-1", "pagina-2"], userData: { ...userData, items: {} } }),
      modules,
      one.reportedModules
    );
    expect(both.reports).toEqual([{ action: "update_activity_modules", modules: [1002] }]);
    expect(both.finish).toBe("modules");
    expect(both.reportedModules).toEqual([1001, 1002]);
  });

  it("never finishes on modules when the activity has none", () => {
    expect(scormDecision(null, snapshot(), [], []).finish).toBeNull();
  });

  it("saves a failed attempt's data but sends no points and never finishes it", () => {
    const failed = scormDecision(null, snapshot({ statuses: ["completed", "failed"], score: 100 }), modules, []);
    expect(failed.reports).toEqual([{ action: "update_user_data", userData }]);
    expect(failed.finish).toBeNull();
    const allModules = scormDecision(
      null,
      snapshot({ statuses: ["failed"], completedObjectives: ["pagina-1", "pagina-2"] }),
      modules,
      []
    );
    expect(allModules.finish).toBeNull();
  });
});

describe("scormProgress (rollup of a package's SCOs)", () => {
  const passed = { "cmi.completion_status": "completed", "cmi.success_status": "passed", "cmi.score.raw": "80" };
  const completed = { "cmi.completion_status": "completed", "cmi.score.raw": "60" };
  const failed = { "cmi.completion_status": "completed", "cmi.success_status": "failed", "cmi.score.raw": "20" };
  const started = { "cmi.location": "2", "cmi.completion_status": "incomplete" };

  it("lets a lone SCO speak for itself", () => {
    const progress = scormProgress("2004", ["a"], { a: passed }, "a");
    expect(progress.statuses).toEqual(["completed", "passed"]);
    expect(progress.score).toBe(80);
    expect(progress.userData).toEqual({ scorm: 2, current: "a", items: { a: passed } });
  });

  it("completes several SCOs only when every one is completed or passed, scored with their mean", () => {
    expect(scormProgress("2004", ["a", "b", "c"], { a: passed, b: completed }, "b")).toMatchObject({
      statuses: [],
      score: null,
    });
    expect(scormProgress("2004", ["a", "b", "c"], { a: passed, b: completed, c: started }, "c").statuses).toEqual([]);
    expect(scormProgress("2004", ["a", "b", "c"], { a: passed, b: completed, c: passed }, "c")).toMatchObject({
      statuses: ["completed"],
      score: 73.33,
    });
  });

  it("fails the package when any SCO failed", () => {
    expect(scormProgress("2004", ["a", "b"], { a: passed, b: failed }, "b").statuses).toEqual(["failed"]);
  });

  it("reads 1.2 lesson statuses the same way", () => {
    const done = { "cmi.core.lesson_status": "passed" };
    expect(scormProgress("1.2", ["a", "b"], { a: done, b: { "cmi.core.lesson_status": "completed" } }, "b").statuses).toEqual([
      "completed",
    ]);
    expect(scormProgress("1.2", ["a", "b"], { a: done, b: { "cmi.core.lesson_status": "failed" } }, "b").statuses).toEqual([
      "failed",
    ]);
  });

  it("gives each SCO a state for the table of contents", () => {
    const state = (data: Record<string, string> | null) => scormItemState(data ? scormSnapshot("2004", data) : null);
    expect(state(null)).toBe("not_started");
    expect(state(started)).toBe("in_progress");
    expect(state(completed)).toBe("completed");
    expect(state(passed)).toBe("passed");
    expect(state(failed)).toBe("failed");
  });
});

describe("scormSnapshot", () => {
  it("reads a SCORM 1.2 runtime", () => {
    expect(
      scormSnapshot("1.2", {
        "cmi.core.lesson_status": "completed",
        "cmi.core.lesson_location": "3",
        "cmi.core.score.raw": "100",
        "cmi.suspend_data": "",
        "cmi.core.student_name": "Martínez, Ana",
        "cmi.objectives.0.id": "pagina-1",
        "cmi.objectives.0.status": "passed",
        "cmi.objectives.1.id": "pagina-2",
        "cmi.objectives.1.status": "incomplete",
        "cmi.interactions": {},
      })
    ).toEqual({
      statuses: ["completed"],
      score: 100,
      completedObjectives: ["pagina-1"],
      data: {
        "cmi.core.lesson_location": "3",
        "cmi.core.lesson_status": "completed",
        "cmi.core.score.raw": "100",
        "cmi.objectives.0.id": "pagina-1",
        "cmi.objectives.0.status": "passed",
        "cmi.objectives.1.id": "pagina-2",
        "cmi.objectives.1.status": "incomplete",
      },
    });
  });

  it("reads a SCORM 2004 runtime, with a scaled score when there is no raw one", () => {
    expect(
      scormSnapshot("2004", {
        "cmi.completion_status": "incomplete",
        "cmi.success_status": "passed",
        "cmi.score.raw": "",
        "cmi.score.scaled": "0.85",
        "cmi.location": "2",
        "cmi.objectives.0.id": "pagina-1",
        "cmi.objectives.0.completion_status": "completed",
        "cmi.objectives.0.success_status": "unknown",
      })
    ).toEqual({
      statuses: ["incomplete", "passed"],
      score: 85,
      completedObjectives: ["pagina-1"],
      data: {
        "cmi.location": "2",
        "cmi.completion_status": "incomplete",
        "cmi.success_status": "passed",
        "cmi.objectives.0.id": "pagina-1",
        "cmi.objectives.0.completion_status": "completed",
        "cmi.objectives.0.success_status": "unknown",
      },
    });
  });

  it("applies the manifest's pass marks the runtime applies only on Terminate", () => {
    const exam = { "cmi.student_data.mastery_score": "100", "cmi.core.lesson_status": "completed" };
    expect(scormSnapshot("1.2", { ...exam, "cmi.core.score.raw": "0" })).toMatchObject({
      statuses: ["failed"],
      data: { "cmi.core.lesson_status": "failed" },
    });
    expect(scormSnapshot("1.2", { ...exam, "cmi.core.score.raw": "100" }).statuses).toEqual(["passed"]);
    // Still going: no verdict before the SCO says it is done.
    expect(scormSnapshot("1.2", { ...exam, "cmi.core.lesson_status": "incomplete", "cmi.core.score.raw": "0" }).statuses).toEqual([
      "incomplete",
    ]);
    const scaled = { "cmi.scaled_passing_score": "0.7", "cmi.completion_status": "completed", "cmi.success_status": "unknown" };
    expect(scormSnapshot("2004", { ...scaled, "cmi.score.scaled": "0.4" })).toMatchObject({
      statuses: ["completed", "failed"],
      data: { "cmi.success_status": "failed" },
    });
    expect(scormSnapshot("2004", { ...scaled, "cmi.score.scaled": "0.7" }).statuses).toEqual(["completed", "passed"]);
    expect(
      scormSnapshot("2004", { "cmi.completion_threshold": "0.75", "cmi.progress_measure": "0.5", "cmi.completion_status": "completed" })
        .statuses
    ).toEqual(["incomplete"]);
  });

  it("has no score while none was set", () => {
    expect(scormSnapshot("1.2", { "cmi.core.score.raw": "" }).score).toBeNull();
  });
});
