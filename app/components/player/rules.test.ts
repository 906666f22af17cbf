import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  declaredAspect,
  retryDelayMs,
  safeToRepeat,
  type ScormSnapshot,
  isKeptScormKey,
  isRestoredScormKey,
  scormDataFits,
  scormDecision,
  scormSnapshot,
  type ScormVersion,
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
        "cmi.score.scaled": "0.85",
        "cmi.objectives.0.id": "pagina-1",
        "cmi.objectives.0.completion_status": "completed",
        "cmi.objectives.0.success_status": "unknown",
      },
    });
  });

  it("has no score while none was set", () => {
    expect(scormSnapshot("1.2", { "cmi.core.score.raw": "" }).score).toBeNull();
  });

  it("keeps a 1.2 SCO's audit record: interactions, objectives, score and times, in index order", () => {
    const interaction = (n: number) => ({
      [`cmi.interactions.${n}.id`]: `q${n}`,
      [`cmi.interactions.${n}.type`]: "choice",
      [`cmi.interactions.${n}.student_response`]: "b",
      [`cmi.interactions.${n}.result`]: "wrong",
      [`cmi.interactions.${n}.correct_responses.0.pattern`]: "a",
      [`cmi.interactions.${n}.time`]: "10:15:00",
      [`cmi.interactions.${n}.latency`]: "00:00:12",
      [`cmi.interactions.${n}.weighting`]: "1",
    });
    const { data } = scormSnapshot("1.2", {
      ...interaction(10),
      ...interaction(2),
      "cmi.interactions._count": 11,
      "cmi.core.score.raw": "40",
      "cmi.core.score.min": "0",
      "cmi.core.score.max": "50",
      "cmi.core.session_time": "00:05:00",
      "cmi.core.total_time": "01:05:00",
      "cmi.core.student_name": "Martínez, Ana",
      "cmi.core.entry": "resume",
      "cmi.launch_data": "modo=examen",
      "cmi.objectives.0.score.raw": "7",
    });
    expect(data).toMatchObject({
      ...interaction(2),
      ...interaction(10),
      "cmi.core.score.max": "50",
      "cmi.core.session_time": "00:05:00",
      "cmi.core.total_time": "01:05:00",
      "cmi.objectives.0.score.raw": "7",
    });
    expect(Object.keys(data).filter((key) => key.includes("interactions")).slice(0, 8)).toEqual(
      Object.keys(interaction(2)).sort()
    );
    for (const key of ["cmi.interactions._count", "cmi.core.student_name", "cmi.core.entry", "cmi.launch_data"]) {
      expect(data).not.toHaveProperty([key]);
    }
  });

  it("keeps a 2004 SCO's interactions with their learner response, timestamp and description", () => {
    const { data } = scormSnapshot("2004", {
      "cmi.interactions.0.id": "urn:q1",
      "cmi.interactions.0.learner_response": "true",
      "cmi.interactions.0.timestamp": "2026-11-24T10:15:00",
      "cmi.interactions.0.description": "¿Es un control?",
      "cmi.interactions.0.objectives.0.id": "obj-1",
      "cmi.score.min": "0",
      "cmi.score.max": "10",
      "cmi.total_time": "PT1H",
      "cmi.learner_name": "Martínez, Ana",
      "cmi.mode": "normal",
    });
    expect(data).toEqual({
      "cmi.interactions.0.description": "¿Es un control?",
      "cmi.interactions.0.id": "urn:q1",
      "cmi.interactions.0.learner_response": "true",
      "cmi.interactions.0.objectives.0.id": "obj-1",
      "cmi.interactions.0.timestamp": "2026-11-24T10:15:00",
      "cmi.score.max": "10",
      "cmi.score.min": "0",
      "cmi.total_time": "PT1H",
    });
  });
});

describe("declaredAspect", () => {
  it("reads a fixed stage's width and height from the launch page's viewport", () => {
    expect(declaredAspect("width=1280, height=720")).toBeCloseTo(16 / 9, 3);
    expect(declaredAspect("height=600,width=800,initial-scale=1")).toBeCloseTo(4 / 3, 3);
    expect(declaredAspect("width=1024px; height=768px")).toBeCloseTo(4 / 3, 3);
  });

  it("has no shape for a page that adapts, or an implausible one", () => {
    expect(declaredAspect("width=device-width, initial-scale=1")).toBeNull();
    expect(declaredAspect("width=1280")).toBeNull();
    expect(declaredAspect("width=5000, height=10")).toBeNull();
    expect(declaredAspect("min-width=1280, max-height=720")).toBeNull();
    expect(declaredAspect(null)).toBeNull();
  });

  it("never throws, whatever the page says (property)", () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (text) => void declaredAspect(text)));
  });
});

describe("isRestoredScormKey", () => {
  it("hands back what resumes the SCO and its record, but not the last session's time or exit", () => {
    expect(isRestoredScormKey("1.2", "cmi.core.total_time")).toBe(true);
    expect(isRestoredScormKey("1.2", "cmi.interactions.3.result")).toBe(true);
    expect(isRestoredScormKey("1.2", "cmi.core.session_time")).toBe(false);
    expect(isRestoredScormKey("1.2", "cmi.core.exit")).toBe(false);
    expect(isRestoredScormKey("2004", "cmi.session_time")).toBe(false);
    expect(isRestoredScormKey("2004", "cmi.exit")).toBe(false);
    expect(isRestoredScormKey("2004", "cmi.learner_id")).toBe(false);
    expect(isRestoredScormKey("2004", "cmi.suspend_data")).toBe(true);
  });

  it("never takes a key outside the kept ones (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom<ScormVersion>("1.2", "2004"), fc.string(), (version, key) => {
        if (isRestoredScormKey(version, key)) expect(isKeptScormKey(version, key)).toBe(true);
      })
    );
  });
});

describe("scormDataFits", () => {
  it("takes 64,000 characters in a value and 4,096 keys, not more", () => {
    expect(scormDataFits({ "cmi.suspend_data": "x".repeat(64_000) })).toBe(true);
    expect(scormDataFits({ "cmi.suspend_data": "x".repeat(64_001) })).toBe(false);
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`cmi.interactions.${i}.id`, "q"]));
    expect(scormDataFits(keys(4_096))).toBe(true);
    expect(scormDataFits(keys(4_097))).toBe(false);
    expect(scormDataFits({ [`cmi.${"k".repeat(252)}`]: "v" })).toBe(false);
  });
});
