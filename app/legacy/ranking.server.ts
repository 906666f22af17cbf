import { z } from "zod/v4";
import { type LegacyContext, legacyRequest } from "./request.server";
import { fullPath, id } from "./schemas/common.server";

const rowSchema = z
  .object({
    id,
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    ranking: z.coerce.number(),
    points: z.coerce.number().nullish(),
    starts: z.coerce.number().nullish(),
    photo_media: z.object({ full_path: z.string().nullish() }).passthrough().nullish(),
  })
  .passthrough()
  .transform((row) => ({
    id: row.id,
    name: [row.first_name, row.last_name].filter(Boolean).join(" "),
    ranking: row.ranking,
    points: row.points ?? 0,
    stars: row.starts ?? 0,
    photoUrl: fullPath(row.photo_media),
  }));

export type RankingRow = z.output<typeof rowSchema>;

const rankingReply = z
  .object({ ranking_users: z.array(rowSchema), user_ranking: rowSchema.nullish() })
  .transform((reply) => ({ rows: reply.ranking_users, me: reply.user_ranking ?? null }));

/** `GET /ranking_users`: everyone by points, and the caller's own row. */
export function getRanking(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/ranking_users",
    schema: rankingReply,
  });
}
