import { describe, expect, it } from "vitest";
import { formatBytes, formatNumber, formatPercent, formatPoints } from "./format";

describe("numbers", () => {
  it.each([
    [1234.567, "es", "1.234,56"],
    [1234567.891, "en", "1,234,567.89"],
    [12.999, "es", "12,99"],
    [0, "es", "0"],
  ])("formats %d in %s as %s", (value, locale, expected) => {
    expect(formatNumber(value, locale)).toBe(expected);
  });

  it("writes a percentage with at most two decimals, Spanish grouping from 5 digits", () => {
    expect(formatPercent(88.88, "es")).toBe("88,88 %");
    expect(formatPercent(100, "en")).toBe("100 %");
    expect(formatPercent(1234.5, "es")).toBe("1234,5 %");
    expect(formatPercent(12345, "es")).toBe("12.345 %");
  });

  // Written without Intl (decision 079): every kind of value, in each language, as Intl writes it.
  const values = [
    ...Array.from({ length: 2001 }, (_, i) => i * 0.005),
    ...Array.from({ length: 400 }, (_, i) => 999 + i * 0.125),
    ...Array.from({ length: 60 }, (_, i) => 10 ** (i / 3)),
    ...Array.from({ length: 300 }, (_, i) => (i * 7919.37) % 1e7),
    0.125,
    2.675,
    1.005,
    999.995,
    9999.999,
    99_999.5,
    123_456_789.987,
    Number.MAX_SAFE_INTEGER,
    1e21,
    -0,
    -0.001,
    -1234.567,
    Infinity,
    NaN,
  ];

  it.each(["es", "en"])("writes every number as Intl.NumberFormat does in %s", (locale) => {
    const always = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: "always" as unknown as boolean });
    const auto = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    for (const value of values) {
      expect(formatNumber(value, locale), String(value)).toBe(always.format(Math.floor(value * 100 + 1e-9) / 100));
      expect(formatPercent(value, locale), String(value)).toBe(`${auto.format(value)} %`);
    }
  });

  it("writes an unknown language as Spanish, the app's default", () => {
    expect(formatNumber(1234.5, "fr")).toBe("1.234,5");
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
