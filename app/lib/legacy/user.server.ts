import { z } from "zod";
import { type LegacyContext, legacyRequest } from "./request.server";
import { notificationSchema, userNewsSchema, userSchema } from "./schemas.server";

export function getUserInfo(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/get_user_info",
    schema: z.object({ user: userSchema }).transform((reply) => reply.user),
  });
}

/** `GET /user/profile_info`: the full profile (same user shape). */
export function getProfileInfo(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/user/profile_info",
    schema: z.object({ user: userSchema }).transform((reply) => reply.user),
  });
}

/** `POST /user/profile_change_photo`: multipart with the `file` field. */
export function changeProfilePhoto(ctx: LegacyContext, file: Blob, fileName = "photo.png") {
  const body = new FormData();
  body.set("file", file, fileName);
  return legacyRequest(ctx, { method: "POST", path: "/user/profile_change_photo", body, schema: z.unknown() });
}

export type ProfileUpdate = {
  full_name: string;
  nickname: string;
  work_position_id?: number;
  university_id?: number;
  university: string;
  acronym: string;
  degree: string;
  languages?: Array<{ language: string; level: string }>;
};

/** `POST /user/profile_update_data`: the personalisation form (arrays as JSON text, spec §5). */
export function updateProfileData(ctx: LegacyContext, update: ProfileUpdate) {
  const { languages, ...rest } = update;
  return legacyRequest(ctx, {
    method: "POST",
    path: "/user/profile_update_data",
    body: { ...rest, ...(languages ? { languages: JSON.stringify(languages) } : {}) },
    schema: z.unknown(),
  });
}

/** `GET /user/check_updates`: pending news and notifications, read at app start. */
export function checkUpdates(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/user/check_updates",
    schema: z
      .object({
        user_news: z.array(userNewsSchema).nullish(),
        user_notifications: z.union([z.number(), z.array(z.unknown())]).nullish(),
      })
      .passthrough()
      .transform((reply) => ({
        news: reply.user_news ?? [],
        unseenNotifications: Array.isArray(reply.user_notifications)
          ? reply.user_notifications.length
          : (reply.user_notifications ?? 0),
      })),
  });
}

/** `POST /user/user_news/{id}`: a pending news item was viewed. */
export function markUserNewsViewed(ctx: LegacyContext, userNewsId: number) {
  return legacyRequest(ctx, { method: "POST", path: `/user/user_news/${userNewsId}`, schema: z.unknown() });
}

/** `GET /user/user_notifications`. */
export function getNotifications(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/user/user_notifications",
    schema: z
      .object({ user_notifications: z.array(notificationSchema) })
      .transform((reply) => reply.user_notifications),
  });
}

export function markNotificationSeen(ctx: LegacyContext, notificationId: number) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/user/notifications/view",
    body: { id: notificationId },
    schema: z.unknown(),
  });
}

export function deleteNotification(ctx: LegacyContext, notificationId: number) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/user/notifications/delete",
    body: { id: notificationId },
    schema: z.unknown(),
  });
}

/** `POST /user/certificates/save`: the certification form, multipart for the optional file. */
export function saveCertificate(ctx: LegacyContext, form: FormData) {
  return legacyRequest(ctx, { method: "POST", path: "/user/certificates/save", body: form, schema: z.unknown() });
}

/** `POST /user/university`: the education form. */
export function saveUniversity(ctx: LegacyContext, body: { degree: string; university: string; acronym: string }) {
  return legacyRequest(ctx, { method: "POST", path: "/user/university", body, schema: z.unknown() });
}

/** `POST /user/languages`: `languages` as JSON text of `[{language, level}]`. */
export function saveLanguages(ctx: LegacyContext, languages: Array<{ language: string; level: string }>) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/user/languages",
    body: { languages: JSON.stringify(languages) },
    schema: z.unknown(),
  });
}
