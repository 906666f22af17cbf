import { z } from "zod";
import { type LegacyContext, legacyRequest } from "./request.server";
import { progressRecordSchema, routeSchema } from "./schemas.server";

const pointsSchema = z
  .object({ points: z.union([z.number(), z.string()]).nullish(), ranking: z.union([z.number(), z.string()]).nullish() })
  .passthrough()
  .transform((reply) => ({ points: Number(reply.points ?? 0) || 0, ranking: reply.ranking == null ? null : Number(reply.ranking) }));

/** `GET /training/learning_paths`: the training routes with their courses and activities. */
export function getLearningPaths(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/training/learning_paths",
    schema: z.object({ training_routes: z.array(routeSchema) }).transform((reply) => reply.training_routes),
  });
}

/** `GET /training/user_progress`: the user's progress records (spec §3). */
export function getUserProgress(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/training/user_progress",
    schema: z.object({ user_progress: z.array(progressRecordSchema) }).transform((reply) => reply.user_progress),
  });
}

/** `GET /training/user_points` and `GET /training/user_points/{id}`. */
export function getUserPoints(ctx: LegacyContext, routeId?: number) {
  return legacyRequest(ctx, {
    method: "GET",
    path: routeId === undefined ? "/training/user_points" : `/training/user_points/${routeId}`,
    schema: pointsSchema,
  });
}

/** `GET /training/get_profile_progress`: the four named bars out of 100 of 'Mi Progreso'. */
export function getProfileProgress(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/training/get_profile_progress",
    schema: z
      .object({
        profile_progress: z.array(
          z.object({ name: z.string(), progress: z.union([z.number(), z.string()]) }).passthrough(),
        ),
      })
      .transform((reply) =>
        reply.profile_progress.map((bar) => ({ name: bar.name, progress: Math.min(100, Math.max(0, Number(bar.progress) || 0)) })),
      ),
  });
}

/** `GET /training`: the training academies; the app uses the first. */
export function getTrainingAcademies(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/training",
    schema: z
      .object({ training_academies: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() }).passthrough()) })
      .transform((reply) => reply.training_academies),
  });
}
