/**
 * The message keys of spec §5's rules, with an optional number (`minChars:6`); `<FieldError>`
 * turns them into the spec's text. Free of zod, so a page can show errors without loading it.
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

export function parseValidationMessage(value: string): { key: string; count?: number } {
  const [key = "invalid", count] = value.split(":");
  return count === undefined ? { key } : { key, count: Number(count) };
}
