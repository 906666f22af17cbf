import { floor2 } from "~/domain/numbers";
import { perLocale } from "./intl";

/** Formatting shared by the server and the browser; dates in UTC so both render the same text. */
const dateFormat = perLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }));
const percentFormat = perLocale((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }));

export function formatDate(value: string | null, locale: string): string {
  if (!value) return "--";
  const date = new Date(value.includes("T") ? value : `${value.replace(" ", "T")}Z`);
  if (Number.isNaN(date.getTime())) return "--";
  return dateFormat(locale).format(date);
}

/** A percentage with at most two decimals, in the user's locale (no rounding up: values come floored). */
export function formatPercent(value: number, locale: string): string {
  return `${percentFormat(locale).format(value)} %`;
}

// NOTE: Spanish groups only from 5 digits by default ('1330'); "always" gives '1.330'. The
// TypeScript lib in use still types useGrouping as a boolean.
const numberFormat = perLocale(
  (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: "always" as unknown as boolean }),
);

/** Spec §9: numbers use thousands separators and are floored to two decimals. */
export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale).format(floor2(value));
}

/** Spec §9: points are an integer followed by 'pts.'. */
export function formatPoints(value: number, locale: string): string {
  return `${formatNumber(Math.floor(value), locale)} pts.`;
}

const BYTE_UNITS = ["kilobyte", "megabyte", "gigabyte"] as const;

/** A size for people: "12,3 MB" (decimal units, as phones show storage). */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  if (value < 1000) return `${new Intl.NumberFormat(locale).format(Math.round(value))} B`;
  let unit = -1;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: BYTE_UNITS[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit >= 1 ? 1 : 0,
  }).format(value);
}
