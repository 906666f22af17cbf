/**
 * Spec §9: elapsed time is shown as its largest unit only ('Hace: 3 días'); no date gives
 * '0 minutos'. The unit and count come from here; the words from the locale files (plurals).
 */
export type ElapsedUnit = "year" | "month" | "day" | "hour" | "minute";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function elapsed(from: string | null, now: Date = new Date()): { unit: ElapsedUnit; count: number } {
  const start = from ? parseDate(from) : null;
  if (!start) return { unit: "minute", count: 0 };
  const ms = Math.max(0, now.getTime() - start.getTime());
  const months = wholeMonths(start, now);
  if (months >= 12) return { unit: "year", count: Math.floor(months / 12) };
  if (months >= 1) return { unit: "month", count: months };
  if (ms >= DAY) return { unit: "day", count: Math.floor(ms / DAY) };
  if (ms >= HOUR) return { unit: "hour", count: Math.floor(ms / HOUR) };
  return { unit: "minute", count: Math.floor(ms / MINUTE) };
}

/**
 * Spec §9 for time still to wait ('faltan 2 minutos'): its largest unit only, rounded up so a
 * learner is never told it is time too early; minutes from a minute on, seconds under it.
 */
export function remaining(ms: number): { unit: "minute" | "second"; count: number } {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return seconds >= 60 ? { unit: "minute", count: Math.ceil(seconds / 60) } : { unit: "second", count: seconds };
}

/** Legacy dates come as ISO strings or as 'YYYY-MM-DD HH:mm:ss' (UTC). */
export function parseDate(value: string): Date | null {
  const date = new Date(/^\d{4}-\d{2}-\d{2} /.test(value) ? `${value.replace(" ", "T")}Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function wholeMonths(start: Date, end: Date): number {
  if (end <= start) return 0;
  let months = (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + (end.getUTCMonth() - start.getUTCMonth());
  const anniversary = new Date(start);
  anniversary.setUTCMonth(start.getUTCMonth() + months);
  if (anniversary > end) months -= 1;
  return Math.max(0, months);
}
