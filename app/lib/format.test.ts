import { describe, expect, it } from "vitest";
import { formatBytes, formatNumber, formatPoints } from "./format";

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

describe("formatBytes", () => {
  it("uses decimal units, as phones show storage, in the page's language", () => {
    expect(formatBytes(0, "es")).toBe("0 B");
    expect(formatBytes(999, "en")).toBe("999 B");
    expect(formatBytes(15_400, "es")).toBe("15 kB");
    expect(formatBytes(12_345_678, "es")).toBe("12,3 MB");
    expect(formatBytes(12_345_678, "en")).toBe("12.3 MB");
    expect(formatBytes(10.7e9, "es")).toBe("10,7 GB");
    expect(formatBytes(-5, "es")).toBe("0 B");
  });
});
