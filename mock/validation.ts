import { HttpResponse } from "msw";
import { t } from "./i18n";
import type { Locale } from "./types";

/**
 * Laravel-style validation with the pipe-separated rule strings of spec §5, e.g.
 * `required|string|min:2|max:64`. Strings are trimmed and empty values count as missing; booleans
 * accept 1/0 and true/false; `array` accepts a real array or its JSON text; `same:field` is the
 * spec's confirmation rule, reported on the confirming field. The first failing rule
 * of a field is reported; any failure throws the 422 response.
 */
export type Value = string | number | boolean | unknown[] | File;
export type Input = Record<string, unknown>;

type Check = { ok: true; value: Value } | { ok: false; message: string };

/** Missing, null, blank text, or the empty file part a form sends when no file was chosen. */
const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (value instanceof File && value.size === 0 && value.name === "");

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isRealDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function parseArray(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string") return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function parseBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === "1" || value === "true") return true;
  if (value === false || value === 0 || value === "0" || value === "false") return false;
  return undefined;
}

function parseNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

/** Type rules turn the raw value into its normalised form. */
function applyType(rule: string, value: Value, locale: Locale): Check {
  const invalid: Check = { ok: false, message: t(locale, "invalid") };
  switch (rule) {
    case "string":
      return typeof value === "string" ? { ok: true, value: value.trim() } : invalid;
    case "email":
      return typeof value === "string" && EMAIL.test(value) ? { ok: true, value } : invalid;
    case "date":
      return typeof value === "string" && isRealDate(value) ? { ok: true, value } : invalid;
    case "array": {
      const array = parseArray(value);
      return array ? { ok: true, value: array } : invalid;
    }
    case "boolean": {
      const flag = parseBoolean(value);
      return flag === undefined ? invalid : { ok: true, value: flag };
    }
    case "numeric":
    case "integer": {
      const number = parseNumber(value);
      if (number === undefined || (rule === "integer" && !Number.isInteger(number))) return invalid;
      return { ok: true, value: number };
    }
    case "file":
      return value instanceof File ? { ok: true, value } : invalid;
    default:
      throw new Error(`unknown validation rule: ${rule}`);
  }
}

function applyBound(kind: "min" | "max", limit: number, value: Value, locale: Locale): Check {
  const fails = (size: number) => (kind === "min" ? size < limit : size > limit);
  if (typeof value === "number") {
    return fails(value)
      ? { ok: false, message: t(locale, kind === "min" ? "minValue" : "maxValue", { n: limit }) }
      : { ok: true, value };
  }
  const size = typeof value === "string" || Array.isArray(value) ? value.length : 0;
  return fails(size)
    ? { ok: false, message: t(locale, kind === "min" ? "minChars" : "maxChars", { n: limit }) }
    : { ok: true, value };
}

function applyRule(rule: string, value: Value, input: Input, locale: Locale): Check {
  const [name = "", argument = ""] = rule.split(":");
  switch (name) {
    case "required":
    case "nullable":
      return { ok: true, value };
    case "min":
    case "max":
      return applyBound(name, Number(argument), value, locale);
    case "in":
      return argument.split(",").includes(String(value)) ? { ok: true, value } : { ok: false, message: t(locale, "invalid") };
    case "same":
      return input[argument] === value ? { ok: true, value } : { ok: false, message: t(locale, "confirmation") };
    default:
      return applyType(name, value, locale);
  }
}

function checkField(field: string, rules: string[], input: Input, locale: Locale): Check | undefined {
  const raw = input[field];
  if (isEmpty(raw)) {
    return rules.includes("required") ? { ok: false, message: t(locale, "required") } : undefined;
  }
  let value = raw as Value;
  for (const rule of rules) {
    const check = applyRule(rule, value, input, locale);
    if (!check.ok) return check;
    value = check.value;
  }
  return { ok: true, value };
}

type FieldErrors = Record<string, string[]>;

function unprocessable(locale: Locale, errors: FieldErrors): Response {
  return HttpResponse.json({ message: t(locale, "invalidData"), errors }, { status: 422 });
}

/** Validates and normalises; throws the 422 response listing the first error of each field. */
export function validate<K extends string>(input: Input, rules: Record<K, string>, locale: Locale): Partial<Record<K, Value>> {
  const errors: FieldErrors = {};
  const data: Partial<Record<K, Value>> = {};
  for (const field of Object.keys(rules) as K[]) {
    const result = checkField(field, rules[field].split("|"), input, locale);
    if (!result) continue;
    if (result.ok) data[field] = result.value;
    else errors[field] = [result.message];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(locale, errors);
  return data;
}

/** Throws a 422 for one field with one message, for checks the rule strings cannot express. */
export function rejectField(locale: Locale, field: string, message: string): never {
  throw unprocessable(locale, { [field]: [message] });
}

// Accessors for validated values: the rules above guarantee the type, these only narrow it.
export const text = (value: Value | undefined): string => (typeof value === "string" ? value : "");
export const optionalText = (value: Value | undefined): string | null => (typeof value === "string" ? value : null);
export const int = (value: Value | undefined): number => (typeof value === "number" ? value : 0);
export const optionalInt = (value: Value | undefined): number | null => (typeof value === "number" ? value : null);
export const list = (value: Value | undefined): unknown[] => (Array.isArray(value) ? value : []);
export const file = (value: Value | undefined): File | null => (value instanceof File ? value : null);
