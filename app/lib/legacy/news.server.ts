import { z } from "zod";
import { type LegacyContext, legacyRequest } from "./request.server";
import { messageSchema, newsSchema } from "./schemas.server";

/** `GET /news`: the user's news items. */
export function getNews(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/news",
    schema: z.object({ news: z.array(newsSchema) }).transform((reply) => reply.news),
  });
}

/** `POST /news/{id}`: a news item was viewed. */
export function markNewsViewed(ctx: LegacyContext, newsId: number) {
  return legacyRequest(ctx, { method: "POST", path: `/news/${newsId}`, schema: messageSchema });
}
