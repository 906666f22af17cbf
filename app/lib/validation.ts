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
