import { describe, expect, it } from "vitest";
import { launchable, launchSco, navigate, readScormUserData, scormDataFits, startItem, startValues } from "./scorm-package";
import type { ScormItem, ScormPackage } from "./types";

const item = (id: string, changes: Partial<ScormItem> = {}): ScormItem => ({
  id,
  title: id.toUpperCase(),
  depth: 0,
  launch: `/files/scorm/p/${id}.html`,
  sco: true,
  cmi: {},
  objectives: [],
  ...changes,
});

const pack: ScormPackage = {
  version: "2004",
  title: "Paquete",
  items: [item("a"), item("group", { launch: null }), item("b", { depth: 1 }), item("c", { depth: 1 })],
};
const learner = { id: 7, firstName: "Ana", lastName: "Martínez" };

describe("readScormUserData", () => {
  it("reads the per-SCO shape from JSON text or an object", () => {
    const saved = { scorm: 2, current: "b", items: { a: { "cmi.location": "3", other: "x" }, b: { "cmi.score.raw": 80 } } };
    const expected = { scorm: 2, current: "b", items: { a: { "cmi.location": "3" }, b: { "cmi.score.raw": "80" } } };
    expect(readScormUserData(JSON.stringify(saved), "a")).toEqual(expected);
    expect(readScormUserData(saved, "a")).toEqual(expected);
  });

  it("keeps a sequenced package's engine state", () => {
    const saved = { scorm: 2, current: "a", items: { a: { "cmi.location": "3" } }, sequencing: '{"sequencing":{}}' };
    expect(readScormUserData(JSON.stringify(saved), "a")).toEqual(saved);
    expect(readScormUserData({ ...saved, sequencing: 5 }, "a")).not.toHaveProperty("sequencing");
  });

  it("reads the flat shape saved before issue #13 as the first SCO's data", () => {
    expect(readScormUserData('{"cmi.core.lesson_location":"2","other":"x","cmi.core.score.raw":80}', "a")).toEqual({
      scorm: 2,
      current: "a",
      items: { a: { "cmi.core.lesson_location": "2", "cmi.core.score.raw": "80" } },
    });
    expect(readScormUserData({ "cmi.location": "3" }, null)).toBeNull();
  });

  it("has nothing to resume from anything else", () => {
    for (const nothing of [null, "", "not json", "[1]", "{}", 5, { scorm: 2, items: [] }, { scorm: 2, items: {} }]) {
      expect(readScormUserData(nothing, "a")).toBeNull();
    }
  });
});

describe("startItem", () => {
  it("reopens the SCO open last, else the first launchable one", () => {
    expect(startItem(pack, { scorm: 2, current: "c", items: {} })).toBe("c");
    expect(startItem(pack, { scorm: 2, current: "group", items: {} })).toBe("a");
    expect(startItem(pack, { scorm: 2, current: "gone", items: {} })).toBe("a");
    expect(startItem(pack, null)).toBe("a");
    expect(launchable(pack).map((entry) => entry.id)).toEqual(["a", "b", "c"]);
  });
});

describe("navigate", () => {
  it("follows continue, previous and choice among the launchable items, skipping groups", () => {
    expect(navigate(pack, "a", { type: "continue" })).toEqual({ launch: "b" });
    expect(navigate(pack, "b", { type: "previous" })).toEqual({ launch: "a" });
    expect(navigate(pack, "a", { type: "choice", target: "c" })).toEqual({ launch: "c" });
  });

  it("goes nowhere past either end or to an unknown target", () => {
    expect(navigate(pack, "c", { type: "continue" })).toBeNull();
    expect(navigate(pack, "a", { type: "previous" })).toBeNull();
    expect(navigate(pack, "a", { type: "choice", target: "group" })).toBeNull();
    expect(navigate(pack, "a", { type: "choice", target: "nope" })).toBeNull();
  });

  it("closes the player on exit and exitAll", () => {
    expect(navigate(pack, "b", { type: "exit" })).toEqual({ close: true });
    expect(navigate(pack, "b", { type: "exitAll" })).toEqual({ close: true });
  });
});

describe("launchSco (attempts, decision 055)", () => {
  const suspended = { "cmi.location": "4", "cmi.exit": "suspend", "cmi.success_status": "failed" };
  const left = { "cmi.location": "4", "cmi.success_status": "failed" };

  it("starts the first attempt ab-initio", () => {
    expect(launchSco("2004", { items: {} }, "a")).toEqual({ items: {}, attempts: {}, saved: undefined, entry: "ab-initio" });
  });

  it("resumes after a suspend, continues without resuming a session left open", () => {
    expect(launchSco("2004", { items: { a: suspended } }, "a")).toMatchObject({ saved: suspended, entry: "resume" });
    expect(launchSco("2004", { items: { a: left } }, "a")).toMatchObject({ saved: left, entry: "" });
    expect(launchSco("1.2", { items: { a: { "cmi.core.exit": "suspend" } } }, "a").entry).toBe("resume");
    expect(launchSco("1.2", { items: { a: { "cmi.core.lesson_location": "4" } } }, "a").entry).toBe("");
  });

  it("after an attempt that ended starts the next with a fresh data model, the ended one kept as previous", () => {
    const launched = launchSco("1.2", { items: { a: left, b: suspended }, attempts: { a: { number: 2, ended: true } } }, "a");
    expect(launched).toEqual({
      items: { b: suspended },
      attempts: { a: { number: 3, ended: false, previous: left } },
      saved: undefined,
      entry: "ab-initio",
    });
  });

  it("keeps the objectives' status into the new attempt, and nothing else", () => {
    const ended = {
      ...left,
      "cmi.objectives.0.id": "obj-1",
      "cmi.objectives.0.success_status": "passed",
      "cmi.suspend_data": "x",
    };
    expect(launchSco("2004", { items: { a: ended }, attempts: { a: { number: 1, ended: true } } }, "a").saved).toEqual({
      "cmi.objectives.0.id": "obj-1",
      "cmi.objectives.0.success_status": "passed",
    });
  });
});

describe("startValues", () => {
  const sco = item("a", {
    cmi: { "cmi.scaled_passing_score": "0.8", "cmi.launch_data": "nivel=2" },
    objectives: ["primario", "obj-2", "obj-3"],
  });

  it("starts a new SCO with the manifest's values and objectives, ab-initio", () => {
    expect(startValues("2004", sco, undefined, learner, "ab-initio")).toEqual({
      "cmi.scaled_passing_score": "0.8",
      "cmi.launch_data": "nivel=2",
      "cmi.objectives.0.id": "primario",
      "cmi.objectives.1.id": "obj-2",
      "cmi.objectives.2.id": "obj-3",
      "cmi.learner_id": "7",
      "cmi.learner_name": "Martínez, Ana",
      "cmi.entry": "ab-initio",
    });
  });

  it("resumes with every kept value but the session time, the saved objectives at their indices and the manifest's missing ones after them", () => {
    const values = startValues(
      "2004",
      sco,
      {
        "cmi.location": "4",
        "cmi.objectives.0.id": "obj-2",
        "cmi.objectives.0.success_status": "passed",
        "cmi.objectives.0.score.scaled": "0.9",
        "cmi.session_time": "PT1M",
        "cmi.interactions.0.id": "q1",
        "cmi.total_time": "PT5M",
      },
      learner,
      "resume",
    );
    expect(values).toMatchObject({
      "cmi.location": "4",
      "cmi.objectives.0.id": "obj-2",
      "cmi.objectives.0.success_status": "passed",
      "cmi.objectives.0.score.scaled": "0.9",
      "cmi.objectives.1.id": "primario",
      "cmi.objectives.2.id": "obj-3",
      "cmi.interactions.0.id": "q1",
      "cmi.total_time": "PT5M",
      "cmi.entry": "resume",
    });
    expect(values).not.toHaveProperty("cmi.session_time");
  });

  it("names a 1.2 learner under the 1.2 keys", () => {
    expect(
      startValues("1.2", item("a", { cmi: { "cmi.student_data.mastery_score": "100" } }), undefined, learner, "ab-initio"),
    ).toEqual({
      "cmi.student_data.mastery_score": "100",
      "cmi.core.student_id": "7",
      "cmi.core.student_name": "Martínez, Ana",
      "cmi.core.entry": "ab-initio",
    });
  });
});

describe("scormDataFits", () => {
  const one = (data: Record<string, string>) => ({ scorm: 2 as const, current: "sco", items: { sco: data } });
  it("takes 64,000 characters in a value and 4,096 keys, not more", () => {
    expect(scormDataFits(one({ "cmi.suspend_data": "x".repeat(64_000) }))).toBe(true);
    expect(scormDataFits(one({ "cmi.suspend_data": "x".repeat(64_001) }))).toBe(false);
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`cmi.interactions.${i}.id`, "q"]));
    expect(scormDataFits(one(keys(4_096)))).toBe(true);
    expect(scormDataFits(one(keys(4_097)))).toBe(false);
    expect(scormDataFits(one({ [`cmi.${"k".repeat(252)}`]: "v" }))).toBe(false);
  });

  it("refuses what fits SCO by SCO but not as a whole: ten SCOs of 60,000 characters", () => {
    const items = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`sco-${i}`, { "cmi.suspend_data": "x".repeat(60_000) }]),
    );
    expect(scormDataFits({ scorm: 2, current: "sco-0", items })).toBe(false);
    expect(scormDataFits({ scorm: 2, current: "sco-0", items: Object.fromEntries(Object.entries(items).slice(0, 8)) })).toBe(
      true,
    );
  });
});
