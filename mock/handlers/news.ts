import type { HttpHandler } from "msw";
import { idParam, json, notFound, routes } from "../http";
import { type MockContext, nextId, now } from "../store";
import type { MockState, NewsRecord } from "../types";
import { fileUrl, notificationView, pathOf, userView } from "../views";
import { visibleNotifications } from "./notifications";

function markViewed(state: MockState, userId: number, newsId: number): void {
  const existing = state.user_news.find((item) => item.user_id === userId && item.news_id === newsId);
  if (existing) existing.viewed_at ??= now();
  else state.user_news.push({ id: nextId(state.user_news), user_id: userId, news_id: newsId, viewed_at: now() });
}

/** News (`/news`), the user's pending news (`/user/user_news/{id}`) and `/user/check_updates`. */
export function newsHandlers(ctx: MockContext): HttpHandler[] {
  const { get, post } = routes(ctx);
  const newsView = (news: NewsRecord) => ({
    id: news.id,
    key: news.key,
    title: news.title,
    body: news.body,
    img_url: news.image ? fileUrl(ctx, news.image) : null,
    video: pathOf(ctx, news.video),
    news_category: { title: news.category },
    created_at: news.created_at,
  });

  return [
    get("/news", ({ state, user }) =>
      json({
        news: [...state.catalogue.news]
          .sort((a, b) => b.created_at.localeCompare(a.created_at))
          .map((news) => ({
            ...newsView(news),
            viewed: state.user_news.some((item) => item.user_id === user.id && item.news_id === news.id && item.viewed_at),
          })),
      }),
    ),

    post("/news/:id", (call) => {
      const news = call.state.catalogue.news.find((item) => item.id === idParam(call));
      if (!news) return notFound(call.locale);
      markViewed(call.state, call.user.id, news.id);
      return json({ success: true });
    }),

    post("/user/user_news/:id", (call) => {
      const id = idParam(call);
      const item = call.state.user_news.find((candidate) => candidate.id === id && candidate.user_id === call.user.id);
      if (!item) return notFound(call.locale);
      item.viewed_at ??= now();
      return json({ success: true, user: userView(ctx, call.user) });
    }),

    get("/user/check_updates", ({ state, user }) =>
      json({
        user_news: state.user_news
          .filter((item) => item.user_id === user.id && item.viewed_at === null)
          .flatMap((item) => {
            const news = state.catalogue.news.find((candidate) => candidate.id === item.news_id);
            return news ? [{ id: item.id, news: newsView(news) }] : [];
          }),
        user_notifications: visibleNotifications(state, user.id)
          .filter((item) => !item.seen)
          .map(notificationView),
      }),
    ),
  ];
}
