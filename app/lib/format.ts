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
