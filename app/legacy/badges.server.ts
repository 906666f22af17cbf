import { z } from "zod/v4";
import { browserMediaUrl } from "~/infra/files-host.server";
import { type LegacyContext, legacyRequest } from "./request.server";
import { flag, id, text } from "./schemas/common.server";
import { userBadgeSchema } from "./schemas/user.server";

const badgeSchema = z
  .object({
    id,
    name: text,
    description: text,
    image_url: z.string().nullish(),
    earned: flag,
    user_badge_id: id.nullish(),
    seen: flag,
  })
  .passthrough()
  .transform((badge) => ({
    id: badge.id,
    name: badge.name,
    description: badge.description,
    imageUrl: browserMediaUrl(badge.image_url),
    earned: badge.earned,
    userBadgeId: badge.user_badge_id ?? null,
    seen: badge.seen,
  }));

export type Badge = z.output<typeof badgeSchema>;

const badgesReply = z.object({ badges: z.array(badgeSchema) }).transform((reply) => reply.badges);

/** `GET /badges`: every badge, earned or not. */
export function getBadges(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/badges",
    schema: badgesReply,
  });
}

const unseenBadgesReply = z
  .object({ user_badges: z.array(userBadgeSchema) })
  .transform((reply) => reply.user_badges.filter((badge) => !badge.seen));

/** `GET /badges/check_badges`: awards what the user has now earned and returns the unseen ones. */
export function checkBadges(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/badges/check_badges",
    schema: unseenBadgesReply,
  });
}

const badgeReply = z
  .object({ user_badge: userBadgeSchema })
  .passthrough()
  .transform((reply) => reply.user_badge);

/** `POST /badges/view/{id}` with the user badge's id; answers with that badge, now seen. */
export function viewBadge(ctx: LegacyContext, userBadgeId: number) {
  return legacyRequest(ctx, {
    method: "POST",
    path: `/badges/view/${userBadgeId}`,
    schema: badgeReply,
  });
}
