import { z } from "zod";

/**
 * Spec §5 rules as zod pieces shared by the browser and the server. Messages are translation
 * keys with an optional number (`minChars:6`); `<FieldError>` turns them into the spec's text.
 */
export const message = {
  required: "required",
  invalid: "invalid",
  minChars: (n: number) => `minChars:${n}`,
  maxChars: (n: number) => `maxChars:${n}`,
  minValue: (n: number) => `minValue:${n}`,
  maxValue: (n: number) => `maxValue:${n}`,
  mismatch: "mismatch",
} as const;

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

export function parseValidationMessage(value: string): { key: string; count?: number } {
  const [key = "invalid", count] = value.split(":");
  return count === undefined ? { key } : { key, count: Number(count) };
}
