import type { Namespace } from "~/locales";

/**
 * Which strings a document carries (decision 038): a route declares the namespaces its page and
 * components read, `export const handle = { i18n: ["profile"] } satisfies I18nHandle`, and the
 * document holds those of its matched routes plus `common` (header, errors, validation), which
 * every page reads.
 */
export type I18nHandle = { i18n: readonly Namespace[] };

export const ALWAYS_LOADED: readonly Namespace[] = ["common"];

/** What only the server reads (replies, toasts, the manifest; the pages before Remix): never sent to the browser. */
export const SERVER_ONLY: readonly Namespace[] = ["server", "edge"];

function declared(handle: unknown): readonly Namespace[] {
  if (typeof handle !== "object" || handle === null || !("i18n" in handle)) return [];
  return Array.isArray(handle.i18n) ? (handle.i18n as Namespace[]) : [];
}

/**
 * A page not rendered under a player's document answers `{ covered: true }` (`COVERED`,
 * app/lib/page-beneath.ts, whose test here keeps the two the same; read here by its shape, so
 * every page's root does not load the players' module): it needs no strings, its clientLoader
 * fetches them with its data when it shows.
 */
const rendersNothing = (data: unknown) => typeof data === "object" && data !== null && "covered" in data && data.covered === true;

/** The namespaces a page with these matched routes needs, `common` first, each once. */
export function namespacesFor(matches: readonly { handle?: unknown; data?: unknown }[]): Namespace[] {
  const rendered = matches.filter((match) => !rendersNothing(match.data));
  return [...new Set([...ALWAYS_LOADED, ...rendered.flatMap((match) => declared(match.handle))])];
}
