import type { HttpHandler } from "msw";
import { idParam, json, notFound, routes } from "../http";
import { finalizedActivityCount, isEscapeRoomLocked, isFinalized, rankingOf, routeProgress, starsFor } from "../rules";
import { activityProgress, findCourse, type MockContext, routeActivities } from "../store";
import type { MockState, RouteRecord, Showcase, UserRecord } from "../types";
import { activityView, pathOf, progressView, routeView } from "../views";

const LEADER_EVALUATION_ACTIVITY = 301;

/** One route's points and progress for the user: the 'Avance' screen's data. */
function routePoints(state: MockState, user: UserRecord, route: RouteRecord) {
  const activities = routeActivities(route);
  const earned = (ids: number[]) => ids.reduce((sum, id) => sum + (activityProgress(state, user.id, id)?.points ?? 0), 0);
  const escapeRooms = activities.filter((activity) => activity.is_escape_room);
  return {
    training_route_id: route.id,
    name: route.name,
    slug: route.slug,
    active: route.active,
    progress: routeProgress(state, user.id, route),
    points: earned(activities.map((activity) => activity.id)),
    total_points: activities.reduce((sum, activity) => sum + activity.points, 0),
    courses: route.courses
      .filter((course) => course.activities.every((activity) => !activity.is_escape_room))
      .map((course) => ({
        id: course.id,
        name: course.name,
        points: earned(course.activities.map((activity) => activity.id)),
        total_points: course.activities.reduce((sum, activity) => sum + activity.points, 0),
        completed: course.activities.filter((activity) => isFinalized(state, user.id, activity.id)).length,
        total: course.activities.length,
      })),
    escape_room: escapeRooms.length
      ? {
          status: escapeRooms.some((activity) => isFinalized(state, user.id, activity.id)) ? "completed" : "no_started",
          locked: escapeRooms.every((activity) => isEscapeRoomLocked(state, user.id, { activity, course: null, route })),
        }
      : null,
  };
}

function showcase(ctx: MockContext, section: Showcase) {
  return {
    title: section.title,
    courses: section.course_ids
      .map((id) => findCourse(ctx.store.state, id))
      .filter((course) => course !== undefined)
      .map((course) => ({
        id: course.id,
        name: course.name,
        activities: course.activities.map((activity) => activityView(ctx, activity, course.id)),
      })),
  };
}

/** `/training/*` and `GET /training`: routes, the user's progress and points, the academy. */
/** The leader's grade out of 10: the finalized evaluation record's progress / 10, else null. */
function leaderEvaluationScore(state: MockContext["store"]["state"], userId: number): number | null {
  const record = state.progress.find(
    (item) => item.user_id === userId && item.training_activity_id === LEADER_EVALUATION_ACTIVITY && item.finalized,
  );
  return record ? Math.round(record.progress) / 10 : null;
}

export function trainingHandlers(ctx: MockContext): HttpHandler[] {
  const { get } = routes(ctx);
  return [
    get("/training/learning_paths", (call) => json({ training_routes: call.state.routes.map((route) => routeView(ctx, route)) })),

    get("/training/user_progress", (call) =>
      json({
        user_progress: call.state.progress.filter((record) => record.user_id === call.user.id).map(progressView),
      }),
    ),

    get("/training/user_points", ({ state, user }) =>
      json({
        user_points: {
          points: user.points,
          ranking: rankingOf(state, user.id),
          stars: starsFor(user.points),
          finalized_activities: finalizedActivityCount(state, user.id),
          total_activities: state.routes.flatMap(routeActivities).length,
          leader_evaluation: isFinalized(state, user.id, LEADER_EVALUATION_ACTIVITY) ? "completed" : "no_started",
          leader_evaluation_score: leaderEvaluationScore(state, user.id),
          expert_evaluation: "no_started",
          training_routes: state.routes.map((route) => routePoints(state, user, route)),
        },
      }),
    ),

    get("/training/user_points/:id", (call) => {
      const route = call.state.routes.find((candidate) => candidate.id === idParam(call));
      if (!route) return notFound(call.locale);
      return json({
        user_points: { ...routePoints(call.state, call.user, route), ranking: rankingOf(call.state, call.user.id) },
      });
    }),

    get("/training/get_profile_progress", ({ state, user }) => {
      const progressOf = (level: number) => {
        const route = state.routes.find((candidate) => candidate.level === level);
        return route ? routeProgress(state, user.id, route) : 0;
      };
      return json({
        profile_progress: [
          { name: "Formación inicial", progress: progressOf(1) },
          { name: "Formación requerida", progress: progressOf(2) },
          { name: "Formación especializada", progress: progressOf(4) },
          { name: "Formación consultiva", progress: progressOf(3) },
        ],
      });
    }),

    get("/training", ({ state }) => {
      const { academy } = state;
      return json({
        training_academies: [
          {
            id: academy.id,
            name: academy.name,
            description: academy.description,
            media_cover: pathOf(ctx, academy.cover),
            emulators: showcase(ctx, academy.emulators),
            learning_route: showcase(ctx, academy.learning_route),
            video_tips: showcase(ctx, academy.video_tips),
          },
        ],
      });
    }),
  ];
}
