import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { elapsed, remaining } from "./time";

const now = new Date("2026-11-22T12:00:00Z");

describe("elapsed", () => {
  it.each([
    [null, "minute", 0],
    ["not a date", "minute", 0],
    ["2026-11-22T11:59:30Z", "minute", 0],
    ["2026-11-22T11:59:00Z", "minute", 1],
    ["2026-11-22T11:15:00Z", "minute", 45],
    ["2026-11-22T11:00:00Z", "hour", 1],
    ["2026-11-22 02:00:00", "hour", 10],
    ["2026-11-21T12:00:00Z", "day", 1],
    ["2026-10-25T12:00:00Z", "day", 28],
    ["2026-10-22T12:00:00Z", "month", 1],
    ["2026-01-23T12:00:00Z", "month", 9],
    ["2025-11-22T12:00:00Z", "year", 1],
    ["2020-05-01T00:00:00Z", "year", 6],
    ["2027-01-01T00:00:00Z", "minute", 0],
  ] as const)("%s → %s × %d", (from, unit, count) => {
    expect(elapsed(from, now)).toEqual({ unit, count });
  });

  it("never goes backwards as time passes (property)", () => {
    const order = ["minute", "hour", "day", "month", "year"];
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01"), max: now, noInvalidDate: true }), fc.nat(10 ** 10), (from, later) => {
        const first = elapsed(from.toISOString(), now);
        const second = elapsed(from.toISOString(), new Date(now.getTime() + later));
        const rank = (value: { unit: string }) => order.indexOf(value.unit);
        expect(rank(second) > rank(first) || (rank(second) === rank(first) && second.count >= first.count)).toBe(true);
      }),
    );
  });
});

describe("remaining", () => {
  it("says a wait in its largest unit only, rounded up (issue #29: 'faltan 2 minutos', then never '113 segundos')", () => {
    expect(remaining(120_000)).toEqual({ unit: "minute", count: 2 });
    expect(remaining(113_000)).toEqual({ unit: "minute", count: 2 });
    expect(remaining(60_000)).toEqual({ unit: "minute", count: 1 });
    expect(remaining(59_000)).toEqual({ unit: "second", count: 59 });
    expect(remaining(400)).toEqual({ unit: "second", count: 1 });
    expect(remaining(-5)).toEqual({ unit: "second", count: 0 });
  });

  it("never says less time than is left", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_400_000 }), (ms) => {
        const { unit, count } = remaining(ms);
        expect(count * (unit === "minute" ? 60_000 : 1000)).toBeGreaterThanOrEqual(ms);
      }),
    );
  });
});
