import { z } from "zod/v4";
import { cachedLegacyRequest, type LegacyContext, legacyRequest } from "./request.server";
import { count, flag, id, text } from "./schemas/common.server";
import { activitySchema, progressRecordSchema, routeSchema } from "./schemas/training.server";

const routePointsSchema = z
  .object({
    training_route_id: z.coerce.number(),
    name: z.string(),
    slug: z.string().nullish(),
    active: flag,
    progress: count,
    points: count,
    total_points: count,
    courses: z
      .array(
        z
          .object({ id: z.coerce.number(), name: z.string(), points: count, total_points: count, completed: count, total: count })
          .passthrough(),
      )
      .nullish(),
    escape_room: z.object({ status: z.string(), locked: flag }).passthrough().nullish(),
  })
  .passthrough()
  .transform((route) => ({
    id: route.training_route_id,
    name: route.name,
    slug: route.slug ?? "",
    active: route.active,
    progress: route.progress,
    points: route.points,
    totalPoints: route.total_points,
    courses: (route.courses ?? []).map((course) => ({
      id: course.id,
      name: course.name,
      points: course.points,
      totalPoints: course.total_points,
      completed: course.completed,
      total: course.total,
    })),
    escapeRoom: route.escape_room
      ? { completed: route.escape_room.status === "completed", locked: route.escape_room.locked }
      : null,
  }));

const pointsSchema = z
  .object({
    user_points: z
      .object({
        points: count,
        ranking: z.coerce.number().nullish(),
        stars: count,
        finalized_activities: count,
        total_activities: count,
        leader_evaluation: z.string().nullish(),
        leader_evaluation_score: z.coerce.number().nullish(),
        expert_evaluation: z.string().nullish(),
        training_routes: z.array(routePointsSchema).nullish(),
      })
      .passthrough(),
  })
  .transform(({ user_points: points }) => ({
    points: points.points,
    ranking: points.ranking ?? null,
    stars: points.stars,
    finalizedActivities: points.finalized_activities,
    totalActivities: points.total_activities,
    leaderEvaluation: points.leader_evaluation === "completed" ? ("completed" as const) : ("no_started" as const),
    leaderEvaluationScore: points.leader_evaluation_score ?? null,
    expertEvaluation: points.expert_evaluation === "completed" ? ("completed" as const) : ("no_started" as const),
    routes: points.training_routes ?? [],
  }));

const learningPathsReply = z.object({ training_routes: z.array(routeSchema) }).transform((reply) => reply.training_routes);

/** `GET /training/learning_paths`: the training routes with their courses and activities. */
export function getLearningPaths(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/training/learning_paths",
    schema: learningPathsReply,
  });
}

const userProgressReply = z.object({ user_progress: z.array(progressRecordSchema) }).transform((reply) => reply.user_progress);

/** `GET /training/user_progress`: the user's progress records (spec §3). */
export function getUserProgress(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/training/user_progress",
    schema: userProgressReply,
  });
}

/** `GET /training/user_points`: points, ranking, evaluations and the points of every route. */
export function getUserPoints(ctx: LegacyContext) {
  return legacyRequest(ctx, { method: "GET", path: "/training/user_points", schema: pointsSchema });
}

const profileProgressReply = z
  .object({
    profile_progress: z.array(z.object({ name: z.string(), progress: z.union([z.number(), z.string()]) }).passthrough()),
  })
  .transform((reply) =>
    reply.profile_progress.map((bar) => ({
      name: bar.name,
      progress: Math.min(100, Math.max(0, Number(bar.progress) || 0)),
    })),
  );

/** `GET /training/get_profile_progress`: the four named bars out of 100 of 'Mi Progreso'. */
export function getProfileProgress(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/training/get_profile_progress",
    schema: profileProgressReply,
  });
}

const showcaseSchema = z
  .object({
    title: text,
    courses: z.array(z.object({ id, name: text, activities: z.array(activitySchema).nullish() }).passthrough()).nullish(),
  })
  .passthrough()
  .nullish()
  .transform((showcase) => ({
    title: showcase?.title ?? "",
    courses: (showcase?.courses ?? []).map((course) => ({
      id: course.id,
      name: course.name,
      activities: course.activities ?? [],
    })),
  }));

export type Showcase = z.output<typeof showcaseSchema>;

const academySchema = z
  .object({
    id,
    name: z.string(),
    description: text,
    emulators: showcaseSchema,
    learning_route: showcaseSchema,
    video_tips: showcaseSchema,
  })
  .passthrough()
  .transform((academy) => ({
    id: academy.id,
    name: academy.name,
    description: academy.description,
    emulators: academy.emulators,
    learningRoute: academy.learning_route,
    videoTips: academy.video_tips,
  }));

export type Academy = z.output<typeof academySchema>;

const TEN_MINUTES = 10 * 60 * 1000;

const academyReply = z
  .object({ training_academies: z.array(academySchema) })
  .transform((reply) => reply.training_academies[0] ?? null);

/**
 * `GET /training`: the training academies with their showcases (simulators, learning route,
 * video tips); the app uses the first. The same for every learner, so cached like a catalogue.
 */
export function getAcademy(ctx: LegacyContext): Promise<Academy | null> {
  return cachedLegacyRequest(ctx, `/training:${ctx.locale}`, TEN_MINUTES, {
    method: "GET",
    path: "/training",
    schema: academyReply,
  });
}
