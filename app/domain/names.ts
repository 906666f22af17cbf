/**
 * Spec §5: names are shortened at whole words to at most 15 characters, and written in title case
 * keeping 'de', 'y', 'o', 'a' and 'con' in lower case.
 */
export const NAME_LIMIT = 15;
const LOWER_WORDS = new Set(["de", "y", "o", "a", "con"]);

export function titleCase(value: string): string {
  return value
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index) => {
      const lower = word.toLocaleLowerCase("es");
      if (index > 0 && LOWER_WORDS.has(lower)) return lower;
      return lower.charAt(0).toLocaleUpperCase("es") + lower.slice(1);
    })
    .join(" ");
}

/** Whole words only; a first word longer than the limit is cut to it. */
export function shortName(value: string, limit = NAME_LIMIT): string {
  const words = value.trim().split(/\s+/).filter(Boolean);
  let result = "";
  for (const word of words) {
    const next = result ? `${result} ${word}` : word;
    if (next.length > limit) break;
    result = next;
  }
  return result || (words[0] ?? "").slice(0, limit);
}
