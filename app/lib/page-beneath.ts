import { type Params, type ShouldRevalidateFunction, type ShouldRevalidateFunctionArgs, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { isOffline } from "~/offline/supported";

/**
 * A player's document is the player (issue #31 item 1, decision 062). Home and a route page are
 * the pages players open over (`/:activity`, `/learning-path/:slug/:activity`); a document asked
 * for at a player's address renders the dialog and the app's frame, and the page's loader answers
 * `COVERED` instead of reading the page. The page is read when the dialog closes (a navigation
 * like any other, JavaScript on or off) or, on a wide screen where it shows beside the dialog,
 * once the player is interactive. Client-side navigations read it as before: only a document
 * skips it.
 */
export const COVERED = { covered: true } as const;
export type Covered = typeof COVERED;

function isCovered(data: unknown): data is Covered {
  return typeof data === "object" && data !== null && "covered" in data && data.covered === true;
}

/** Every player route has the `activity` param; a page's loader sees it when the address is one of its players. */
const playerOpen = (params: Params) => params.activity !== undefined;

/** Whether a page's loader answers `COVERED`: a document at one of its players' addresses. */
export const coveredDocument = (params: Params, context: { document?: boolean }) =>
  context.document === true && playerOpen(params);

/** Wider than this, the page shows around the player's dialog (player.css: the dialog is at most 56rem). */
const WIDE = "(min-width: 60rem)";

/** Pages rendered `COVERED`, by route id: shouldRevalidate is not given the data. */
const coveredPages = new Set<string>();
/**
 * Pages a revalidation read while a player was over them (a write was confirmed): the navigation
 * that closes or pages the player reads them once more. Marked when the router asks, not when data
 * comes: a mark cleared once a revalidation's data was drawn could be cleared by an earlier
 * revalidation drawn late, after the next had started (two writes confirmed in a row), and × then
 * cut that one short: a finished activity's card stayed 'Iniciado' (seen on a slow machine).
 */
const unread = new Set<string>();

/** The page itself stays (a route page's slug, the one param of a page players open over), whatever player is over it. */
const samePage = (current: Params, next: Params) => current.slug === next.slug;

/**
 * Set by a wide screen's request for the covered page, until the revalidation it starts consults
 * the player (the leaf, consulted last): that revalidation reads the page (and, as single fetch
 * always does, the routes that never opt out), not the player.
 */
let readingBeneath = false;

/** How many times a wide screen asks for a covered page that did not come (an interrupted revalidation, a failed read). */
const BENEATH_ATTEMPTS = 3;

/**
 * When a page under its players is read again. Single fetch hands a route's `shouldRevalidate`
 * `defaultShouldRevalidate: true` on every navigation, so the rule is whole here:
 * - another page (a route page's slug changed): read it;
 * - a covered page: read once its player closes, or when a wide screen asks for it; never
 *   otherwise while a player stays over it (a write's revalidation would read a page no one sees);
 * - a page that was read: opening, closing or paging a player over it reads nothing (the page has
 *   not changed) unless a write's revalidation read it meanwhile (it may have been cut short, or
 *   its data drawn before an earlier one's) and the browser is online; a revalidation or a
 *   submission reads it again (a player's write refreshes the cards behind it).
 */
export function revalidateBeneath(routeId: string): ShouldRevalidateFunction {
  return ({ currentUrl, nextUrl, currentParams, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) => {
    if (!samePage(currentParams, nextParams)) return true;
    if (coveredPages.has(routeId)) return readingBeneath || !playerOpen(nextParams);
    // Offline the read would fail and put an error where the page was: the outbox's sync reads it once the writes are sent.
    if (currentUrl.pathname !== nextUrl.pathname) return !isOffline() && unread.delete(routeId);
    if (defaultShouldRevalidate && playerOpen(nextParams)) unread.add(routeId);
    return defaultShouldRevalidate;
  };
}

/** A player route's rule: the revalidation that reads the page beneath it leaves the player as it is. */
export const keepPlayerWhileBeneathLoads: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (!readingBeneath || currentUrl.href !== nextUrl.href) return defaultShouldRevalidate;
  readingBeneath = false;
  return false;
};

/**
 * The page's data to render under a player: the loader's, null while the page is covered (nothing
 * renders beneath the player). On a wide screen, where the page shows beside the dialog, a covered
 * page is read once the player is interactive: a revalidation at the browser's first idle moment.
 */
export function usePageBeneath<T extends object>(routeId: string, data: T | Covered): T | null {
  const covered = isCovered(data);
  const { revalidate, state } = useRevalidator();
  const attempts = useRef(0);
  // A page gone from the screen is read anew when it comes back.
  useEffect(() => () => void unread.delete(routeId), [routeId]);
  useEffect(() => {
    if (!covered) return;
    coveredPages.add(routeId);
    return () => {
      coveredPages.delete(routeId);
      // Read, or gone before its read consulted a player (× tapped first): nothing is asked for any more.
      readingBeneath = false;
    };
  }, [covered, routeId]);
  useEffect(() => {
    // Asked again if a revalidation of the player's (a write's) interrupted the one that read it.
    if (!covered || state !== "idle" || attempts.current >= BENEATH_ATTEMPTS || !window.matchMedia(WIDE).matches) return;
    const run = () => {
      attempts.current += 1;
      readingBeneath = true;
      revalidate();
    };
    // After the player's own work: the browser's first idle moment, or a task where there is no such call (Safari).
    if (typeof window.requestIdleCallback === "function") {
      const idle = window.requestIdleCallback(run, { timeout: 2_000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }, [covered, state, revalidate]);
  return covered ? null : data;
}
