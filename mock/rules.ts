import { activityProgress, nextId, now, type Placement, routeActivities } from "./store";
import type { BadgeKey, CourseRecord, MockState, RouteRecord, UserBadgeRecord, UserRecord } from "./types";

/** Business rules the mock enforces or derives, the same ones the spec states for the client. */

export function rankedUsers(state: MockState): UserRecord[] {
  return [...state.users].sort((a, b) => b.points - a.points || a.id - b.id);
}

export function rankingOf(state: MockState, userId: number): number {
  return rankedUsers(state).findIndex((user) => user.id === userId) + 1;
}

/** Ranking stars: one per 600 points, at most 5 (spec §9). */
export const starsFor = (points: number) => Math.min(5, Math.floor(points / 600));

export function isFinalized(state: MockState, userId: number, activityId: number): boolean {
  return Boolean(activityProgress(state, userId, activityId)?.finalized);
}

export function finalizedActivityCount(state: MockState, userId: number): number {
  return state.progress.filter((record) => record.user_id === userId && record.progress_type === "ACTIVITY" && record.finalized)
    .length;
}

/** Finalized activities / activities of the route x 100, floored to two decimals (spec §9), 0 without activities (spec §4). */
export function routeProgress(state: MockState, userId: number, route: RouteRecord): number {
  const activities = routeActivities(route);
  if (activities.length === 0) return 0;
  const done = activities.filter((activity) => isFinalized(state, userId, activity.id)).length;
  return Math.floor((done / activities.length) * 10000 + 1e-9) / 100;
}

/**
 * An escape room is locked while any activity of the routes up to and including its own is not
 * finalized, leaving out the escape rooms of its own route (spec §4).
 */
export function isEscapeRoomLocked(state: MockState, userId: number, placement: Placement): boolean {
  const { activity, route } = placement;
  if (!activity.is_escape_room || !route) return false;
  const index = state.routes.findIndex((candidate) => candidate.id === route.id);
  return state.routes
    .slice(0, index + 1)
    .flatMap((candidate) => routeActivities(candidate).filter((item) => !(candidate.id === route.id && item.is_escape_room)))
    .some((item) => !isFinalized(state, userId, item.id));
}

export type Availability = "available" | "inactive" | "locked";

export function availabilityOf(state: MockState, userId: number, placement: Placement): Availability {
  if (placement.route?.active === false || placement.course?.active === false) return "inactive";
  return isEscapeRoomLocked(state, userId, placement) ? "locked" : "available";
}

/** Route courses with at least one activity, all of them finalized by the user. */
export function completedCourses(state: MockState, userId: number): CourseRecord[] {
  return state.routes
    .flatMap((route) => route.courses)
    .filter(
      (course) => course.activities.length > 0 && course.activities.every((activity) => isFinalized(state, userId, activity.id)),
    );
}

export function hasPendingWelcome(state: MockState, userId: number): boolean {
  const welcome = state.catalogue.news.find((news) => news.key === "welcome");
  return state.user_news.some((item) => item.user_id === userId && item.news_id === welcome?.id && item.viewed_at === null);
}

const badgeCriteria: Record<BadgeKey, (state: MockState, user: UserRecord) => boolean> = {
  first_activity: (state, user) => finalizedActivityCount(state, user.id) >= 1,
  five_activities: (state, user) => finalizedActivityCount(state, user.id) >= 5,
  // Every activity, its escape room too: the badge says the route is complete, so it is at 100 % (issue #29).
  initial_route: (state, user) => {
    const initial = state.routes[0];
    return Boolean(initial && routeActivities(initial).every((activity) => isFinalized(state, user.id, activity.id)));
  },
  escape_room: (state, user) =>
    state.routes.some((route) =>
      routeActivities(route).some((activity) => activity.is_escape_room && isFinalized(state, user.id, activity.id)),
    ),
  perfect_trivia: (state, user) =>
    state.trivia_results.some((result) => result.user_id === user.id && result.best_correct === result.total),
  top_ten: (state, user) => rankingOf(state, user.id) <= 10,
};

/** Awards every badge whose criterion the user now meets; returns the new ones (unseen). */
export function awardBadges(state: MockState, user: UserRecord): UserBadgeRecord[] {
  const owned = new Set(user.badges.map((badge) => badge.badge_id));
  const allUserBadges = state.users.flatMap((candidate) => candidate.badges);
  const awarded: UserBadgeRecord[] = [];
  for (const badge of state.catalogue.badges) {
    if (owned.has(badge.id) || !badgeCriteria[badge.key](state, user)) continue;
    const record = { id: nextId([...allUserBadges, ...awarded]), badge_id: badge.id, seen: false, created_at: now() };
    awarded.push(record);
  }
  user.badges.push(...awarded);
  return awarded;
}
