import type { MetaFunction } from "@remix-run/node";

/**
 * A page's document title in the learner's language: a loader translates it into its data
 * (`getFixedT`), and the page's meta reads it from the match of `routeId` (the page's own loader,
 * or its layout's for pages that share one), by default as `title`.
 */
export function titleMeta(
  routeId: string,
  pick: (data: unknown) => string | undefined = (data) => (data as { title?: string } | undefined)?.title,
): MetaFunction {
  return ({ matches }) => [{ title: `Academia · ${pick(matches.find((match) => match.id === routeId)?.data) ?? ""}` }];
}
