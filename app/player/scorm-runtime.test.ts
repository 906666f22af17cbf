import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sequencedCourse } from "../../tests/fixtures/scorm-sequenced";
import { loadStartValues, type Runtime } from "./scorm-runtime";
import { installSequencedRuntime } from "./scorm-sequenced-runtime";
import { parseManifest } from "./server/scorm-manifest.server";

type Api = {
  Initialize(parameter: string): string;
  SetValue(element: string, value: string): string;
  GetValue(element: string): string;
  Commit(parameter: string): string;
  Terminate(parameter: string): string;
};

const tree = parseManifest(Object.fromEntries(sequencedCourse())["imsmanifest.xml"]!, "/files/curso/imsmanifest.xml")?.sequencing;

/** The sequenced runtime as the player installs it, with what it tells the player. */
async function install(saved: string | null) {
  const delivered: string[] = [];
  const onBlocked = vi.fn();
  const runtime = await installSequencedRuntime({
    tree,
    saved,
    start: () => ({ "cmi.learner_id": "7" }),
    onCommit: () => true,
    onDeliver: (id) => delivered.push(id),
    onNavigation: () => undefined,
    onBlocked,
    onEnd: () => undefined,
  });
  // Deliveries wait for the request that made them to return.
  await vi.waitFor(() => expect(delivered.length).toBeGreaterThan(0));
  return { runtime, delivered, onBlocked, api: (window as unknown as { API_1484_11: Api }).API_1484_11 };
}

beforeEach(() => {
  vi.stubGlobal("window", globalThis);
  vi.stubGlobal("document", { visibilityState: "visible", addEventListener: vi.fn(), removeEventListener: vi.fn() });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the sequenced runtime (decision 018)", () => {
  it("starts a course whose state was saved while a SCO still ran (the page died before suspending) instead of refusing it", async () => {
    const first = await install(null);
    expect(first.delivered).toEqual(["leccion-1"]);
    first.api.Initialize("");
    first.api.SetValue("cmi.success_status", "passed");
    first.api.Commit("");
    const { state } = first.runtime.rollup();
    expect(JSON.parse(state)).toMatchObject({ sequencing: { currentActivity: "leccion-1" } });
    first.runtime.uninstall();

    const again = await install(state);
    expect(again.delivered).toEqual(["leccion-1"]);
    expect(again.onBlocked).not.toHaveBeenCalled();
  });

  it("resumes the part a suspended course was on", async () => {
    const first = await install(null);
    first.api.Initialize("");
    first.api.SetValue("cmi.success_status", "passed");
    first.api.SetValue("adl.nav.request", "continue");
    first.api.Terminate("");
    await vi.waitFor(() => expect(first.delivered).toEqual(["leccion-1", "leccion-2"]));
    first.api.Initialize("");
    first.runtime.leaving();
    first.api.Terminate("");
    const { state } = first.runtime.rollup();
    first.runtime.uninstall();

    const again = await install(state);
    expect(again.delivered).toEqual(["leccion-2"]);
    // The shared objective lesson 1 wrote is still there for lesson 2.
    again.api.Initialize("");
    const count = Number(again.api.GetValue("cmi.objectives._count"));
    const objectives = Array.from({ length: count }, (_, n) => [
      again.api.GetValue(`cmi.objectives.${n}.id`),
      again.api.GetValue(`cmi.objectives.${n}.success_status`),
    ]);
    expect(objectives).toContainEqual(["previa", "passed"]);
  });
});

describe("the values a SCO starts with (decision 082)", () => {
  // A resumed attempt as saved, in an order where each element's id comes last.
  const saved = {
    "cmi.suspend_data": "página 3",
    "cmi.objectives.0.score.scaled": "0.5",
    "cmi.objectives.0.id": "obj-1",
    "cmi.interactions.1.learner_response": "b",
    "cmi.interactions.1.type": "choice",
    "cmi.interactions.1.id": "p2",
    "cmi.interactions.0.result": "correct",
    "cmi.interactions.0.id": "p1",
    "cmi.learner_id": "7",
  };

  it("loads every one, each element's id first, without the browser's collator", async () => {
    const { Scorm2004API } = (await import("scorm-again/scorm2004/min")) as unknown as {
      Scorm2004API: new (settings: object) => Runtime & Api;
    };
    const api = new Scorm2004API({ logLevel: 5 });
    const localeCompare = vi.spyOn(String.prototype, "localeCompare");
    loadStartValues(api, saved);
    expect(localeCompare).not.toHaveBeenCalled();
    localeCompare.mockRestore();
    api.Initialize("");
    for (const [key, value] of Object.entries(saved)) expect(api.GetValue(key), key).toBe(value);
    expect(api.GetValue("cmi.interactions._count")).toBe("2");
  });
});
