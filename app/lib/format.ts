import { floor2 } from "~/domain/numbers";
import type { Lng } from "~/i18n";
import { perLocale } from "./intl";

/** Formatting shared by the server and the browser; dates in UTC so both render the same text. */
const dateFormat = perLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }));

/**
 * Each language's separators and the fewest integer digits it groups, as CLDR (so Intl) has them;
 * format.test.ts holds them to Intl.NumberFormat. Numbers are written without Intl: a browser's
 * first NumberFormat takes 40–90 ms of the main thread, in the middle of hydration (decision 079).
 */
type Separators = { decimal: string; group: string; minimumGrouping: number };
const SEPARATORS: Record<Lng, Separators> = {
  es: { decimal: ",", group: ".", minimumGrouping: 2 },
  en: { decimal: ".", group: ",", minimumGrouping: 1 },
};

/** Spanish's for a language the app does not have (`~/i18n`'s fallback is not imported: it would be a chunk of its own). */
const separatorsOf = (locale: string): Separators =>
  Object.hasOwn(SEPARATORS, locale) ? SEPARATORS[locale as Lng] : SEPARATORS.es;

/** What String() writes with an exponent (1e21 and above), ∞ and NaN go to Intl. */
const intlDecimal = perLocale(
  (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: "always" as unknown as boolean }),
);

/**
 * `value` (0 ≤ value < 1e21) to hundredths, half up on its shortest decimal form as ICU rounds
 * (0.015 → 0.02, where `toFixed` rounds the binary value below it to 0.01): [whole, two digits].
 */
function hundredths(value: number): [string, string] {
  // Below this, String() writes an exponent; all of it rounds to 0.
  if (value < 1e-6) return ["0", "00"];
  const [whole = "0", fraction = ""] = String(value).split(".");
  const up = (fraction[2] ?? "0") >= "5" ? 1n : 0n;
  const scaled = (BigInt(whole + fraction.slice(0, 2).padEnd(2, "0")) + up).toString().padStart(3, "0");
  return [scaled.slice(0, -2), scaled.slice(-2)];
}

/**
 * `value` with at most two decimals, rounded as Intl rounds, its thousands grouped from the
 * language's minimum or, if `always`, from 4 digits.
 */
function decimal(value: number, locale: string, always: boolean): string {
  if (!(Math.abs(value) < 1e21)) return intlDecimal(locale).format(value);
  const { decimal: point, group, minimumGrouping } = separatorsOf(locale);
  const [whole, fraction] = hundredths(Math.abs(value));
  const digits = fraction.replace(/0+$/, "");
  const grouped = whole.length >= 3 + (always ? 1 : minimumGrouping) ? whole.replace(/\B(?=(\d{3})+$)/g, group) : whole;
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${grouped}${digits ? point + digits : ""}`;
}

export function formatDate(value: string | null, locale: string): string {
  if (!value) return "--";
  const date = new Date(value.includes("T") ? value : `${value.replace(" ", "T")}Z`);
  if (Number.isNaN(date.getTime())) return "--";
  return dateFormat(locale).format(date);
}

/** A percentage with at most two decimals, in the user's locale (no rounding up: values come floored). */
export function formatPercent(value: number, locale: string): string {
  return `${decimal(value, locale, false)} %`;
}

/**
 * Spec §9: numbers use thousands separators and are floored to two decimals. Spanish groups only
 * from 5 digits by default ('1330'); points are grouped from 4 ('1.330').
 */
export function formatNumber(value: number, locale: string): string {
  return decimal(floor2(value), locale, true);
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
