import { perLocale } from "~/lib/intl";

// NOTE: Spanish groups only from 5 digits by default ('1330'); "always" gives '1.330'. The
// TypeScript lib in use still types useGrouping as a boolean.
const numberFormat = perLocale(
  (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: "always" as unknown as boolean }),
);

/** Spec §9: numbers use thousands separators and are floored to two decimals. */
export function formatNumber(value: number, locale: string): string {
  const floored = Math.floor(value * 100 + 1e-9) / 100;
  return numberFormat(locale).format(floored);
}

/** Spec §9: points are an integer followed by 'pts.'. */
export function formatPoints(value: number, locale: string): string {
  return `${formatNumber(Math.floor(value), locale)} pts.`;
}
