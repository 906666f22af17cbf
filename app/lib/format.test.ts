import { describe, expect, it } from "vitest";
import { formatNumber, formatPoints } from "./format";

describe("numbers", () => {
  it.each([
    [1234.567, "es", "1.234,56"],
    [1234567.891, "en", "1,234,567.89"],
    [12.999, "es", "12,99"],
    [0, "es", "0"],
  ])("formats %d in %s as %s", (value, locale, expected) => {
    expect(formatNumber(value, locale)).toBe(expected);
  });

  it("writes points as an integer with 'pts.'", () => {
    expect(formatPoints(1330.9, "en")).toBe("1,330 pts.");
    expect(formatPoints(1330, "es")).toBe("1.330 pts.");
  });
});
