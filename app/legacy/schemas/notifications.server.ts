import { z } from "zod/v4";
import { browserMediaUrl } from "~/infra/files-host.server";
import { fullPath, id, legacyTrue, text } from "./common.server";

export const notificationSchema = z
  .object({
    id,
    title: text,
    short_description: text,
    body: text,
    date: z.string().nullish(),
    seen: z.unknown().optional(),
    is_read: z.unknown().optional(),
  })
  .passthrough()
  .transform((notification) => ({
    id: notification.id,
    title: notification.title,
    shortDescriptionHtml: notification.short_description,
    bodyHtml: notification.body,
    date: notification.date ?? null,
    seen: legacyTrue(notification.seen) || legacyTrue(notification.is_read),
  }));

const newsObject = z
  .object({
    id: id.optional(),
    key: z.string().nullish(),
    title: text,
    body: text,
    img_url: z.string().nullish(),
    video: z.object({ full_path: z.string().nullish() }).passthrough().nullish(),
    news_category: z.object({ title: text }).passthrough().nullish(),
  })
  .passthrough();

function normaliseNews(itemId: number, news: z.output<typeof newsObject>) {
  return {
    id: itemId,
    key: news.key ?? "",
    title: news.title,
    bodyHtml: news.body,
    imageUrl: browserMediaUrl(news.img_url),
    videoUrl: fullPath(news.video),
    category: news.news_category?.title ?? "",
  };
}

/** A pending news item of the user, `{id, news}` (spec §3). */
export const userNewsSchema = z
  .object({ id, news: newsObject })
  .passthrough()
  .transform((item) => normaliseNews(item.id, item.news));
