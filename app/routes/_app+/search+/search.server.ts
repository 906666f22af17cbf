import { activityRecords, activityStatus, isEscapeRoomLocked, routeProgress } from "~/domain/progress";
import { cleanQuery, fold, SEARCH_PARAM, type SearchItem } from "~/domain/search";
import { requireUser } from "~/infra/auth.server";
import { getHomeActivities } from "~/legacy/general.server";
import type { Activity } from "~/legacy/schemas/training.server";
import { getLearningPaths, getUserProgress } from "~/legacy/training.server";

/** A result as the search page lists it: what it is, where it lives and how far the learner is. */
export type SearchResult = SearchItem & {
  /** The activity's type ('Imagen'), or null for a course or a route. */
  typeName: string | null;
  /** The route it belongs to, or null for a route itself or a home list's activity. */
  routeName: string | null;
  status: "not_started" | "started" | "finished" | "locked" | "comingSoon" | null;
  /** A route's percentage. */
  progress: number | null;
};

/**
 * The search page's loader (issue #29 item 3): three legacy calls per page, none per keystroke.
 * Every route, course and activity the learner can open, with its state, for the page to filter
 * (app/domain/search.ts), and the home lists it suggests when the query is empty or finds nothing.
 */
export async function loadSearch(request: Request) {
  const { ctx } = await requireUser(request);
  const query = cleanQuery(new URL(request.url).searchParams.get(SEARCH_PARAM));
  const [routes, progress, home] = await Promise.all([getLearningPaths(ctx), getUserProgress(ctx), getHomeActivities(ctx)]);
  const records = activityRecords(progress);
  const items: SearchResult[] = [];
  for (const route of routes) {
    const href = `/learning-path/${encodeURIComponent(route.slug)}`;
    items.push({
      kind: "route",
      title: route.name,
      href,
      text: fold(`${route.name} ${route.shortDescription}`),
      typeName: null,
      routeName: null,
      status: route.active ? null : "comingSoon",
      progress: route.active ? routeProgress(route, records) : null,
    });
    if (!route.active) continue;
    const locked = isEscapeRoomLocked(routes, route.id, records);
    for (const course of route.courses) {
      items.push({
        kind: "course",
        title: course.name,
        href,
        text: fold(`${course.name} ${route.name}`),
        typeName: null,
        routeName: route.name,
        status: course.active ? null : "comingSoon",
        progress: null,
      });
      if (!course.active) continue;
      for (const activity of course.activities) {
        items.push({
          ...activityItem(activity, `${href}/${activity.id}`, course.name),
          routeName: route.name,
          status: activity.isEscapeRoom && locked ? "locked" : activityStatus(activity.id, records),
        });
      }
    }
  }
  const listed = (activities: Activity[]) =>
    activities.map((activity) => ({
      ...activityItem(activity, `/${activity.id}`, activity.courseName),
      status: activityStatus(activity.id, records),
    }));
  return { query, items: unique(items), recent: listed(home.recent), mostViewed: listed(home.mostViewed) };
}

function activityItem(activity: Activity, href: string, courseName: string): SearchResult {
  return {
    kind: "activity",
    title: activity.title,
    href,
    text: fold(`${activity.title} ${activity.description} ${courseName}`),
    typeName: activity.contentType.name,
    routeName: null,
    status: null,
    progress: null,
  };
}

/** An activity listed in two courses of a route is one result. */
function unique(items: SearchResult[]): SearchResult[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.kind} ${item.href} ${item.title}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
