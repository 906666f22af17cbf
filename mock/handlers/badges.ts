import type { HttpHandler } from "msw";
import { idParam, json, notFound, routes } from "../http";
import { awardBadges } from "../rules";
import type { MockContext } from "../store";
import { fileUrl, userBadgeView } from "../views";

/** Badges: the catalogue with what the user earned, the newly earned ones, and marking one seen. */
export function badgeHandlers(ctx: MockContext): HttpHandler[] {
  const { get, post } = routes(ctx);
  return [
    get("/badges", ({ state, user }) =>
      json({
        badges: state.catalogue.badges.map((badge) => {
          const earned = user.badges.find((record) => record.badge_id === badge.id);
          return {
            id: badge.id,
            name: badge.name,
            description: badge.description,
            image_url: fileUrl(ctx, badge.image),
            earned: Boolean(earned),
            user_badge_id: earned?.id ?? null,
            seen: earned?.seen ?? false,
          };
        }),
        user_badges: user.badges.map((record) => userBadgeView(ctx, record)),
      }),
    ),

    get("/badges/check_badges", ({ state, user }) => {
      awardBadges(state, user);
      return json({
        user_badges: user.badges.filter((record) => !record.seen).map((record) => userBadgeView(ctx, record)),
      });
    }),

    post("/badges/view/:id", (call) => {
      const id = idParam(call);
      const record = call.user.badges.find((item) => item.id === id);
      if (!record) return notFound(call.locale);
      record.seen = true;
      return json({ success: true, user_badge: userBadgeView(ctx, record) });
    }),
  ];
}
