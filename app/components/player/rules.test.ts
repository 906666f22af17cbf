import { describe, expect, it } from "vitest";
import {
  retryDelayMs,
  safeToRepeat,
  type ScormSnapshot,
  scormDecision,
  scormSnapshot,
  scormVersionOf,
} from "./rules";
import type { ProgressReport } from "./types";

describe("safeToRepeat", () => {
  it("holds for every write but update_time, which adds its minutes", () => {
    expect(safeToRepeat({ action: "update_time", time: 1 })).toBe(false);
    const setters: ProgressReport[] = [
      { action: "started" },
      { action: "finished" },
      { action: "update_user_data", userData: {} },
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
  const snapshot = (changes: Partial<ScormSnapshot> = {}): ScormSnapshot => ({
    statuses: ["incomplete"],
    score: null,
    completedObjectives: [],
    data: { "cmi.core.lesson_location": "1" },
    ...changes,
  });

  it("sends the runtime's data when it changed, and nothing else while incomplete", () => {
    const first = scormDecision(null, snapshot(), modules, []);
    expect(first.reports).toEqual([{ action: "update_user_data", userData: { "cmi.core.lesson_location": "1" } }]);
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
    const one = scormDecision(null, snapshot({ completedObjectives: ["PAGINA-1"], data: {} }), modules, []);
    expect(one.reports).toEqual([{ action: "update_activity_modules", modules: [1001] }]);
    expect(one.finish).toBeNull();
    const both = scormDecision(
      null,
      snapshot({ completedObjectives: ["pagina-1", "pagina-2"], data: {} }),
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
});

describe("scormVersionOf", () => {
  it("reads the manifest's schemaversion", () => {
    expect(scormVersionOf("<metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>")).toBe(
      "1.2"
    );
    expect(scormVersionOf("<schemaversion>2004 4th Edition</schemaversion>")).toBe("2004");
    expect(scormVersionOf("<imsmd:schemaversion> CAM 1.3 </imsmd:schemaversion>")).toBe("2004");
  });

  it("falls back to 1.2 without a manifest", () => {
    expect(scormVersionOf(null)).toBe("1.2");
    expect(scormVersionOf("<manifest/>")).toBe("1.2");
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
      data: { "cmi.core.lesson_location": "3", "cmi.core.lesson_status": "completed", "cmi.core.score.raw": "100" },
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
      data: { "cmi.location": "2", "cmi.completion_status": "incomplete", "cmi.success_status": "passed" },
    });
  });

  it("has no score while none was set", () => {
    expect(scormSnapshot("1.2", { "cmi.core.score.raw": "" }).score).toBeNull();
  });
});
