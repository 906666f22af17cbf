import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activityResult } from "./activity-result";

const finished = (userData: unknown, taskDuration = 12.5) => ({
  finalized: true,
  userData: typeof userData === "string" ? userData : JSON.stringify(userData),
  taskDuration,
});

describe("activityResult", () => {
  it("shows nothing before the activity is finished", () => {
    expect(activityResult({ finalized: false, userData: null, taskDuration: 3 })).toBeNull();
    expect(activityResult(null)).toBeNull();
  });

  it("reads a 1.2 raw score within its min and max, in the older flat shape", () => {
    expect(
      activityResult(finished({ "cmi.core.score.raw": "40", "cmi.core.score.min": "0", "cmi.core.score.max": "50" })),
    ).toEqual({ score: 80, minutes: 12.5 });
  });

  it("prefers a 2004 scaled score, and takes a raw score alone as a percentage", () => {
    expect(activityResult(finished({ "cmi.score.scaled": "0.755", "cmi.score.raw": "3" }))?.score).toBe(75.5);
    expect(activityResult(finished({ "cmi.score.raw": "64" }))?.score).toBe(64);
  });

  it("shows the mean of the SCOs that set a score, in the per-SCO shape", () => {
    const userData = {
      scorm: 2,
      current: "b",
      items: { a: { "cmi.score.scaled": "1" }, b: { "cmi.score.raw": "5", "cmi.score.max": "10" }, c: {} },
    };
    expect(activityResult(finished(userData))?.score).toBe(75);
  });

  it("shows the time alone when the content set no score (or the data is not SCORM's)", () => {
    expect(activityResult(finished(null, 4))).toEqual({ score: null, minutes: 4 });
    expect(activityResult(finished("not json", 4))).toEqual({ score: null, minutes: 4 });
    expect(activityResult(finished({ "cmi.core.lesson_status": "passed" }, 4))).toEqual({ score: null, minutes: 4 });
  });

  it("keeps any score within 0–100, whatever the package wrote (property)", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom("cmi.score.raw", "cmi.score.max", "cmi.score.min", "cmi.score.scaled"),
          fc.oneof(fc.string(), fc.double().map(String)),
        ),
        (data) => {
          const score = activityResult(finished(data))?.score;
          if (score !== null && score !== undefined) {
            expect(score).toBeGreaterThanOrEqual(0);
            expect(score).toBeLessThanOrEqual(100);
          }
        },
      ),
    );
  });
});
