import { z } from "zod";
import { message, requiredInteger, requiredText } from "../validation";

/**
 * The leader's forms (spec §3 Material form, §5 Material rules): the spec lists the rules but the
 * old app never enforced them; here the server does, with the same schema in the browser.
 */

/** Material types of spec §3, by their numeric value. */
export const materialTypes = [
  { value: 1, key: "wikiguide" },
  { value: 2, key: "audio" },
  { value: 3, key: "article" },
  { value: 4, key: "video" },
] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (what `<input type="date">` sends). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
  return date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day;
}

export const materialSchema = z.object({
  title: requiredText(2, 64),
  type: requiredInteger(1, materialTypes.length),
  link: requiredText(2, 64).regex(/^https?:\/\/[^\s/]+\S*$/i, message.invalid),
  date: requiredText(2, 64).refine(isCalendarDate, message.invalid),
  comments: requiredText(2, 64).optional(),
});

export type MaterialForm = z.output<typeof materialSchema>;

/** The team search (spec §5): the exact code, trimmed, at most 64; empty is allowed and finds nobody. */
export const teamSearchSchema = z.object({
  code: z.string({ invalid_type_error: message.invalid }).trim().max(64, message.maxChars(64)),
});

/** Add or remove one person: the legacy user id. */
export const teamMemberSchema = z.object({ user_id: requiredInteger(1) });
