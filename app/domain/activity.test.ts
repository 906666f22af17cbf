import { describe, expect, it } from "vitest";
import { keptAfter, type ProgressReport, safeToRepeat, writeRetryDelayMs } from "./activity";

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

describe("keptAfter (what a failed write's sender keeps to send again)", () => {
  const time: ProgressReport = { action: "update_time", time: 1 };
  const finished: ProgressReport = { action: "finished" };

  it("keeps any write that never reached the legacy API, or that the server was too busy to read", () => {
    expect(keptAfter("unavailable", time)).toBe(true);
    expect(keptAfter("unavailable", finished)).toBe(true);
    expect(keptAfter("busy", time)).toBe(true);
    expect(keptAfter("busy", finished)).toBe(true);
  });

  it("keeps one that may have been saved only when repeating it changes nothing", () => {
    expect(keptAfter("unconfirmed", finished)).toBe(true);
    expect(keptAfter("unconfirmed", time)).toBe(false);
  });

  it("drops one the legacy API refused or found invalid", () => {
    expect(keptAfter("refused", finished)).toBe(false);
    expect(keptAfter("invalid", time)).toBe(false);
  });
});

describe("writeRetryDelayMs", () => {
  it("grows and then stays at 30 s", () => {
    expect([1, 2, 3, 4, 5, 9].map((failures) => writeRetryDelayMs(failures))).toEqual([
      2_000, 5_000, 10_000, 20_000, 30_000, 30_000,
    ]);
  });

  it("never retries sooner than the server's Retry-After", () => {
    expect(writeRetryDelayMs(1, 5)).toBe(5_000);
    expect(writeRetryDelayMs(3, 2)).toBe(10_000);
    expect(writeRetryDelayMs(9, 60)).toBe(60_000);
  });
});
