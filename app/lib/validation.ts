import { z } from "zod";
import { message } from "./validation-messages";

/**
 * Spec §5 rules as zod pieces shared by the browser and the server. Their messages are the keys
 * of validation-messages.ts (kept apart so that showing an error never needs zod).
 */
export { message };

/** `required|string|min:a|max:b` */
export function requiredText(min: number, max: number) {
  return z
    .string({ required_error: message.required, invalid_type_error: message.invalid })
    .min(min, message.minChars(min))
    .max(max, message.maxChars(max));
}

/** `required|integer|min:a` (and `max:b` when given): a number field such as an id or a type. */
export function requiredInteger(min: number, max?: number) {
  const atLeast = z
    .number({ required_error: message.required, invalid_type_error: message.invalid })
    .int(message.invalid)
    .min(min, message.minValue(min));
  return max === undefined ? atLeast : atLeast.max(max, message.maxValue(max));
}

/** One of the options a page offers: anything else is 'not valid'; nothing at all is 'required'. */
export const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    errorMap: (issue, ctx) => ({
      message: issue.code === "invalid_type" && ctx.data === undefined ? message.required : message.invalid,
    }),
  });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (what `<input type="date">` sends). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
  return date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day;
}
