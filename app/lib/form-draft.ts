/**
 * What a form holds, as the unsaved-form guard compares and keeps it (decision 029). Pure, so the
 * rules are tested without a browser; `use-dirty-form.ts` applies them to the page's forms.
 */

/** The submit buttons' name: which button was pressed is not something typed. */
const BUTTON_NAME = "intent";

/** A draft older than this is not restored: the language switch it was kept for takes a second. */
export const DRAFT_TTL_MS = 10 * 60 * 1000;

/** Where a page's draft of form `formId` waits for the page to come back in another language. */
export function draftKey(path: string, formId: string) {
  return `academia:draft:${path}#${formId}`;
}

/**
 * A comparable picture of a form's values: empty fields, empty file inputs and the submit button
 * left out, files by name and size, order ignored (a form's two steps list the same values in
 * different orders).
 */
export function snapshotOf(entries: Iterable<[string, FormDataEntryValue]>): string {
  const kept: string[] = [];
  for (const [name, value] of entries) {
    if (name === BUTTON_NAME) continue;
    if (typeof value === "string") {
      if (value.trim()) kept.push(JSON.stringify([name, value]));
    } else if (value.size > 0) {
      kept.push(JSON.stringify([name, `file:${value.name}:${value.size}`]));
    }
  }
  return kept.sort().join("\n");
}

/** The values a draft keeps: text only (a browser cannot put a file back into a file input). */
export function draftOf(entries: Iterable<[string, FormDataEntryValue]>, now: number): string {
  const values: Array<[string, string]> = [];
  for (const [name, value] of entries) {
    if (name !== BUTTON_NAME && typeof value === "string") values.push([name, value]);
  }
  return JSON.stringify({ at: now, values });
}

/** A stored draft's values, or null when it is missing, stale, from the future or not one of ours. */
export function readDraft(raw: string | null, now: number): Array<[string, string]> | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { at, values } = parsed as { at?: unknown; values?: unknown };
  if (typeof at !== "number" || !(now - at >= 0 && now - at <= DRAFT_TTL_MS)) return null;
  if (!Array.isArray(values)) return null;
  const pairs = values.filter(
    (pair): pair is [string, string] =>
      Array.isArray(pair) && pair.length === 2 && typeof pair[0] === "string" && typeof pair[1] === "string",
  );
  return pairs.length === values.length ? pairs : null;
}
