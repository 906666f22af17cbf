import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  declaredAspect,
  holdFailure,
  isKeptScormKey,
  isRestoredScormKey,
  scoExit,
  type ScormProgress,
  scormDecision,
  scormItemState,
  scormProgress,
  scormSnapshot,
  type ScormVersion,
} from "./scorm";

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
    const one = scormDecision(
      null,
      snapshot({ completedObjectives: ["PAGINA-1"], userData: { ...userData, items: {} } }),
      modules,
      [],
    );
    expect(one.reports).toEqual([{ action: "update_activity_modules", modules: [1001] }]);
    expect(one.finish).toBeNull();
    const both = scormDecision(
      null,
      snapshot({ completedObjectives: ["pagina-1", "pagina-2"], userData: { ...userData, items: {} } }),
      modules,
      one.reportedModules,
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
      [],
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

  it("takes a sequenced course's result from its engine's rollup, and keeps the engine's state", () => {
    const rollup = (success: string, completion: string) => ({ state: '{"sequencing":{}}', success, completion });
    // A lesson that failed does not fail a course whose rules count the exam only.
    const progress = scormProgress("2004", ["a", "b"], { a: failed, b: passed }, "b", {}, rollup("passed", "completed"));
    expect(progress).toMatchObject({ statuses: ["passed", "completed"], score: 50 });
    expect(progress.userData).toEqual({
      scorm: 2,
      current: "b",
      items: { a: failed, b: passed },
      sequencing: '{"sequencing":{}}',
    });
    expect(scormProgress("2004", ["a", "b"], { a: passed }, "a", {}, rollup("unknown", "incomplete")).statuses).toEqual([]);
    expect(scormProgress("2004", ["a", "b"], { a: passed }, "a", {}, rollup("failed", "completed")).statuses).toEqual([
      "failed",
      "completed",
    ]);
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
      }),
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
      }),
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

  it("applies the manifest's pass marks the runtime applies only on Terminate", () => {
    const exam = { "cmi.student_data.mastery_score": "100", "cmi.core.lesson_status": "completed" };
    expect(scormSnapshot("1.2", { ...exam, "cmi.core.score.raw": "0" })).toMatchObject({
      statuses: ["failed"],
      data: { "cmi.core.lesson_status": "failed" },
    });
    expect(scormSnapshot("1.2", { ...exam, "cmi.core.score.raw": "100" }).statuses).toEqual(["passed"]);
    // Still going: no verdict before the SCO says it is done.
    expect(scormSnapshot("1.2", { ...exam, "cmi.core.lesson_status": "incomplete", "cmi.core.score.raw": "0" }).statuses).toEqual(
      ["incomplete"],
    );
    const scaled = { "cmi.scaled_passing_score": "0.7", "cmi.completion_status": "completed", "cmi.success_status": "unknown" };
    expect(scormSnapshot("2004", { ...scaled, "cmi.score.scaled": "0.4" })).toMatchObject({
      statuses: ["failed"],
      score: null,
      data: { "cmi.success_status": "failed" },
    });
    expect(scormSnapshot("2004", { ...scaled, "cmi.score.scaled": "0.7" }).statuses).toEqual(["completed", "passed"]);
    expect(
      scormSnapshot("2004", {
        "cmi.completion_threshold": "0.75",
        "cmi.progress_measure": "0.5",
        "cmi.completion_status": "completed",
      }).statuses,
    ).toEqual(["incomplete"]);
  });

  it("with a pass mark, neither finishes nor scores until the SCO has passed", () => {
    // 70 of a mastery score of 80, still incomplete: no points yet, whatever comes next.
    const exam = { "cmi.student_data.mastery_score": "80", "cmi.core.score.raw": "70" };
    expect(scormSnapshot("1.2", { ...exam, "cmi.core.lesson_status": "incomplete" })).toMatchObject({
      statuses: ["incomplete"],
      score: null,
    });
    expect(scormSnapshot("1.2", { ...exam, "cmi.core.lesson_status": "completed" })).toMatchObject({
      statuses: ["failed"],
      score: null,
    });
    expect(scormSnapshot("1.2", { ...exam, "cmi.core.score.raw": "90", "cmi.core.lesson_status": "completed" })).toMatchObject({
      statuses: ["passed"],
      score: 90,
    });
    // 2004 completed before any score: not finished until success is known.
    const pending = { "cmi.scaled_passing_score": "0.7", "cmi.completion_status": "completed", "cmi.success_status": "unknown" };
    expect(scormSnapshot("2004", pending)).toMatchObject({ statuses: ["unknown"], score: null });
    const decision = scormDecision(
      null,
      scormProgress("2004", ["sco"], { sco: scormSnapshot("2004", pending).data }, "sco"),
      [],
      [],
    );
    expect(decision.finish).toBeNull();
    expect(decision.reports.map((report) => report.action)).toEqual(["update_user_data"]);
  });

  it("scores as the card does: scaled, else raw within min..max, else raw", () => {
    expect(
      scormSnapshot("2004", { "cmi.score.raw": "8", "cmi.score.min": "0", "cmi.score.max": "10", "cmi.score.scaled": "0.8" })
        .score,
    ).toBe(80);
    expect(scormSnapshot("1.2", { "cmi.core.score.raw": "8", "cmi.core.score.max": "10" }).score).toBe(80);
    expect(scormSnapshot("1.2", { "cmi.core.score.raw": "85" }).score).toBe(85);
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
    expect(
      Object.keys(data)
        .filter((key) => key.includes("interactions"))
        .slice(0, 8),
    ).toEqual(Object.keys(interaction(2)).sort());
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

  /**
   * The keys each version keeps (the spec's list, written out independently of the regular
   * expressions under test), those it leaves to the LMS, and those of the kept it does not hand
   * back. Indexed keys take any index, so `….10.…` is tried as well as `….0.…`.
   */
  const index = fc.nat({ max: 40 });
  const kept: Record<ScormVersion, fc.Arbitrary<string>> = {
    "1.2": fc.oneof(
      fc.constantFrom(
        ...["lesson_location", "lesson_status", "exit", "session_time", "total_time"].map((name) => `cmi.core.${name}`),
        ...["raw", "min", "max"].map((name) => `cmi.core.score.${name}`),
        "cmi.student_data.mastery_score",
        "cmi.suspend_data",
        "cmi.comments",
      ),
      fc
        .tuple(index, fc.constantFrom("id", "status", "score.raw", "score.min", "score.max"))
        .map(([n, field]) => `cmi.objectives.${n}.${field}`),
      fc
        .tuple(
          index,
          fc.oneof(
            fc.constantFrom("id", "type", "student_response", "result", "time", "latency", "weighting"),
            index.map((m) => `correct_responses.${m}.pattern`),
            index.map((m) => `objectives.${m}.id`),
          ),
        )
        .map(([n, field]) => `cmi.interactions.${n}.${field}`),
    ),
    "2004": fc.oneof(
      fc.constantFrom(
        ...["location", "completion_status", "success_status", "progress_measure", "exit", "session_time", "total_time"].map(
          (name) => `cmi.${name}`,
        ),
        "cmi.suspend_data",
        "cmi.scaled_passing_score",
        ...["raw", "min", "max", "scaled"].map((name) => `cmi.score.${name}`),
      ),
      fc
        .tuple(
          index,
          fc.constantFrom(
            ...["id", "success_status", "completion_status", "progress_measure", "description"],
            ...["raw", "min", "max", "scaled"].map((name) => `score.${name}`),
          ),
        )
        .map(([n, field]) => `cmi.objectives.${n}.${field}`),
      fc
        .tuple(
          index,
          fc.oneof(
            fc.constantFrom("id", "type", "learner_response", "result", "timestamp", "latency", "weighting", "description"),
            index.map((m) => `correct_responses.${m}.pattern`),
            index.map((m) => `objectives.${m}.id`),
          ),
        )
        .map(([n, field]) => `cmi.interactions.${n}.${field}`),
    ),
  };
  const notRestored: Record<ScormVersion, string[]> = {
    "1.2": ["cmi.core.session_time", "cmi.core.exit", "cmi.student_data.mastery_score"],
    "2004": ["cmi.session_time", "cmi.exit", "cmi.scaled_passing_score"],
  };
  const fromTheLms: Record<ScormVersion, fc.Arbitrary<string>> = {
    "1.2": fc.oneof(
      fc.constantFrom(
        ...["student_id", "student_name", "entry", "credit", "lesson_mode", "_children", "score._children"].map(
          (name) => `cmi.core.${name}`,
        ),
        "cmi.launch_data",
        "cmi.student_data.max_time_allowed",
        "cmi.student_preference.audio",
        "cmi.interactions._count",
        "cmi.objectives._children",
      ),
      index.map((n) => `cmi.interactions.${n}.correct_responses._count`),
    ),
    "2004": fc.oneof(
      fc.constantFrom(
        ...[
          "learner_id",
          "learner_name",
          "entry",
          "credit",
          "mode",
          "launch_data",
          "completion_threshold",
          "max_time_allowed",
        ].map((name) => `cmi.${name}`),
        "cmi._version",
        "cmi.score._children",
        "cmi.learner_preference.audio_level",
        "cmi.interactions._count",
      ),
      index.map((n) => `cmi.objectives.${n}.score._children`),
    ),
  };
  /** A kept key made not to match: something before or after it, a word for its index, capitals. */
  const spoilt = (key: fc.Arbitrary<string>) =>
    fc.tuple(key, fc.constantFrom("prefix", "suffix", "dot", "index")).map(([each, how]) => {
      if (how === "prefix") return ` ${each}`;
      if (how === "suffix") return `${each}x`;
      if (how === "dot") return `${each}.`;
      return /\.\d+\./.test(each) ? each.replace(/\.\d+\./, ".n.") : each.toUpperCase();
    });
  const versions = fc.constantFrom<ScormVersion>("1.2", "2004");

  it("never takes a key outside the kept ones, whichever version's key or string it is given (property)", () => {
    const anyKey = fc.oneof(
      kept["1.2"],
      kept["2004"],
      fromTheLms["1.2"],
      fromTheLms["2004"],
      spoilt(kept["1.2"]),
      spoilt(kept["2004"]),
      fc.string(),
    );
    fc.assert(
      fc.property(versions, anyKey, (version, key) => {
        if (isRestoredScormKey(version, key)) expect(isKeptScormKey(version, key)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps every key of the version's list and hands back all but the session's time, exit and pass mark (property)", () => {
    const keyOf = (version: ScormVersion) => fc.tuple(fc.constant(version), kept[version]);
    fc.assert(
      fc.property(fc.oneof(keyOf("1.2"), keyOf("2004")), ([version, key]) => {
        expect(isKeptScormKey(version, key)).toBe(true);
        expect(isRestoredScormKey(version, key)).toBe(!notRestored[version].includes(key));
      }),
      { numRuns: 2000 },
    );
  });

  it("neither keeps nor hands back what the LMS provides or a key that only looks kept (property)", () => {
    const keyOf = (version: ScormVersion) => fc.tuple(fc.constant(version), fc.oneof(fromTheLms[version], spoilt(kept[version])));
    fc.assert(
      fc.property(fc.oneof(keyOf("1.2"), keyOf("2004")), ([version, key]) => {
        expect(isKeptScormKey(version, key)).toBe(false);
        expect(isRestoredScormKey(version, key)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("SCORM attempts (issue #27, decision 055)", () => {
  it("a session ends by how the SCO left: suspend (also suspendAll), ended on Terminate (1.2: with a result), else open", () => {
    expect(scoExit("2004", { "cmi.exit": "suspend" }, true)).toBe("suspend");
    expect(scoExit("2004", { "cmi.exit": "" }, true, "suspendAll")).toBe("suspend");
    expect(scoExit("2004", { "cmi.exit": "" }, true, "exitAll")).toBe("ended");
    expect(scoExit("2004", { "cmi.exit": "normal" }, true)).toBe("ended");
    expect(scoExit("1.2", { "cmi.core.exit": "", "cmi.core.lesson_status": "failed" }, true)).toBe("ended");
    expect(scoExit("1.2", { "cmi.core.exit": "logout", "cmi.core.lesson_status": "passed" }, true)).toBe("ended");
    // 1.2 without a result yet: the same attempt goes on.
    expect(scoExit("1.2", { "cmi.core.exit": "", "cmi.core.lesson_status": "incomplete" }, true)).toBe("open");
    expect(scoExit("1.2", { "cmi.core.lesson_location": "4", "cmi.core.lesson_status": "failed" }, false)).toBe("open");
  });

  it("a failure within an attempt stands until the SCO passes", () => {
    const failed12 = { "cmi.core.lesson_status": "failed", "cmi.core.score.raw": "33" };
    expect(holdFailure("1.2", failed12, { ...failed12, "cmi.core.lesson_status": "completed" })).toMatchObject({
      "cmi.core.lesson_status": "failed",
    });
    expect(holdFailure("1.2", failed12, { "cmi.core.lesson_status": "passed" })).toEqual({ "cmi.core.lesson_status": "passed" });
    expect(holdFailure("1.2", undefined, { "cmi.core.lesson_status": "completed" })).toEqual({
      "cmi.core.lesson_status": "completed",
    });
    const failed2004 = { "cmi.success_status": "failed", "cmi.completion_status": "completed" };
    expect(holdFailure("2004", failed2004, { "cmi.success_status": "unknown", "cmi.completion_status": "completed" })).toEqual(
      failed2004,
    );
  });

  it("replays issue #27 item 2: failed at 33, then 'completed' in the same attempt, finishes nothing and earns nothing", () => {
    const before = { "cmi.core.lesson_status": "failed", "cmi.core.score.raw": "33", "cmi.core.lesson_location": "5" };
    const after = holdFailure("1.2", before, { ...before, "cmi.core.lesson_status": "completed" });
    const progress = scormProgress("1.2", ["sco"], { sco: after }, "sco");
    const decision = scormDecision(null, progress, [], []);
    expect(decision.finish).toBeNull();
    expect(decision.reports.map((report) => report.action)).toEqual(["update_user_data"]);
  });
});
