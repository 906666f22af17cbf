import type { HttpHandler } from "msw";
import { json, routes } from "../http";
import { rankedUsers, starsFor } from "../rules";
import type { MockContext } from "../store";
import type { UserRecord } from "../types";
import { pathOf } from "../views";

/** `GET /ranking_users`: every user by points (ties by id) and the caller's own row. */
export function rankingHandlers(ctx: MockContext): HttpHandler[] {
  const { get } = routes(ctx);
  const row = (user: UserRecord, ranking: number) => ({
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    ranking,
    points: user.points,
    starts: starsFor(user.points),
    photo_media: user.photo ? pathOf(ctx, user.photo.file) : null,
  });
  return [
    get("/ranking_users", ({ state, user }) => {
      const rows = rankedUsers(state).map((candidate, index) => row(candidate, index + 1));
      return json({ ranking_users: rows, user_ranking: rows.find((item) => item.id === user.id) ?? null });
    }),
  ];
}
