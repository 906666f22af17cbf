import { z } from "zod";
import { type LegacyContext, legacyRequest } from "./request.server";
import { id } from "./schemas.server";

const badgeFields = {
  name: z.string(),
  description: z.string().nullish(),
  image_url: z.string().nullish(),
};

const userBadgeSchema = z
  .object({ id, seen: z.unknown().optional(), badge: z.object({ id, ...badgeFields }).passthrough() })
  .passthrough()
  .transform((item) => ({
    userBadgeId: item.id,
    seen: item.seen === true || item.seen === 1,
    name: item.badge.name,
    description: item.badge.description ?? "",
    imageUrl: item.badge.image_url ?? null,
  }));

export type EarnedBadge = z.output<typeof userBadgeSchema>;

/** `GET /badges`: every badge, earned or not. */
export function getBadges(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/badges",
    schema: z
      .object({
        badges: z.array(
          z
            .object({ id, ...badgeFields, earned: z.unknown().optional() })
            .passthrough()
            .transform((badge) => ({
              id: badge.id,
              name: badge.name,
              description: badge.description ?? "",
              imageUrl: badge.image_url ?? null,
              earned: badge.earned === true || badge.earned === 1,
            })),
        ),
      })
      .transform((reply) => reply.badges),
  });
}

/** `GET /badges/check_badges`: awards what the user has now earned and returns the unseen ones. */
export function checkBadges(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/badges/check_badges",
    schema: z.object({ user_badges: z.array(userBadgeSchema) }).transform((reply) => reply.user_badges.filter((badge) => !badge.seen)),
  });
}

/** `POST /badges/view/{id}` with the user badge's id. */
export function viewBadge(ctx: LegacyContext, userBadgeId: number) {
  return legacyRequest(ctx, { method: "POST", path: `/badges/view/${userBadgeId}`, schema: z.unknown() });
}
