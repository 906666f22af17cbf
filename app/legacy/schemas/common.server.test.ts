import { describe, expect, it } from "vitest";
import { dateMs } from "./common.server";
import { progressRecordSchema } from "./training.server";

describe("legacy dates", () => {
  it("reads ISO and SQL-style text, and nothing else", () => {
    expect(dateMs("2026-11-23T10:00:00.000Z")).toBe(Date.UTC(2026, 10, 23, 10));
    expect(dateMs("2026-11-23 10:00:00")).toBe(Date.parse("2026-11-23T10:00:00"));
    for (const value of [true, 1, "1", "true", "", "2026-13-45 99:99:99", "ayer", null, undefined, {}]) {
      expect(dateMs(value), String(value)).toBeNull();
    }
  });

  it("give a progress record its start time and id, where the legacy API has them", () => {
    const record = (fields: Record<string, unknown>) =>
      progressRecordSchema.parse({ training_activity_id: 7, progress_type: "ACTIVITY", ...fields });
    expect(record({ id: "12", initiated: "2026-11-23T10:00:00.000Z" })).toMatchObject({
      initiated: true,
      startedAt: Date.UTC(2026, 10, 23, 10),
      recordId: 12,
    });
    expect(record({ initiated: 1 })).toMatchObject({ initiated: true, startedAt: null, recordId: null });
  });
});
