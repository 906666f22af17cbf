/**
 * Search (issue #29 item 3): the learner's routes, courses and activities by title, description
 * and course name, with neither case nor accents mattering ('auditoria' finds 'Auditoría'). The
 * search page filters on the server without JavaScript and in the browser as the learner types,
 * both with `searchItems` over the same items, so no keystroke asks the legacy API anything.
 */

/** The search page's query parameter: the app's own, never taken for an SSO hand-off (auth.server.ts). */
export const SEARCH_PARAM = "q";

/** Longer queries are cut: nothing in the catalogue needs more to be found. */
export const MAX_QUERY_LENGTH = 100;

/** The most results a page lists; the learner narrows the query for the rest. */
export const MAX_RESULTS = 30;

/** Lowercase, accents removed (NFD, combining marks dropped), spaces collapsed. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The query as searched: at most MAX_QUERY_LENGTH characters, trimmed. */
export function cleanQuery(raw: string | null | undefined): string {
  return (raw ?? "").slice(0, MAX_QUERY_LENGTH).trim();
}

export type SearchItem = {
  kind: "activity" | "course" | "route";
  title: string;
  href: string;
  /** What it is matched against, folded: its title, description and course name. */
  text: string;
};

/** Items whose text holds every word of the query, titles that hold it first; none for an empty query. */
export function searchItems<T extends SearchItem>(items: readonly T[], query: string): T[] {
  const words = fold(cleanQuery(query)).split(" ").filter(Boolean);
  if (words.length === 0) return [];
  const found = items.filter((item) => words.every((word) => item.text.includes(word)));
  const inTitle = (item: T) => words.every((word) => fold(item.title).includes(word));
  return [...found.filter(inTitle), ...found.filter((item) => !inTitle(item))].slice(0, MAX_RESULTS);
}

/** Shorter titles are not looked for in a text: they would be found in words that only contain them. */
const MIN_MENTIONED_TITLE = 8;

/**
 * The item a text names by its title (a notification's 'Ya puedes ver «Matriz de riesgos en 6
 * pasos»'), folded as search folds; the longest title when several are named; null when none is.
 */
export function mentioned<T extends { title: string }>(items: readonly T[], text: string): T | null {
  const haystack = fold(text);
  let best: T | null = null;
  for (const item of items) {
    const title = fold(item.title);
    if (title.length >= MIN_MENTIONED_TITLE && haystack.includes(title) && (!best || title.length > fold(best.title).length))
      best = item;
  }
  return best;
}
