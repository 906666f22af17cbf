import { z } from "zod/v4";
import { type LegacyContext, legacyRequest } from "./request.server";
import { messageSchema } from "./schemas/common.server";
import { notificationSchema, userNewsSchema } from "./schemas/notifications.server";
import { certificateSchema, userSchema } from "./schemas/user.server";

const userReply = z
  .object({ user: userSchema })
  .passthrough()
  .transform((reply) => reply.user);

/** Writes to the profile answer with a message and the updated user. */
const savedUserReply = z
  .object({ message: z.string().nullish(), user: userSchema })
  .passthrough()
  .transform((reply) => ({ message: reply.message ?? "", user: reply.user }));

export type LanguageLevel = { language: string; level: string };

export function getUserInfo(ctx: LegacyContext) {
  return legacyRequest(ctx, { method: "GET", path: "/get_user_info", schema: userReply });
}

/** `GET /user/profile_info`: the full profile (same user shape). */
export function getProfileInfo(ctx: LegacyContext) {
  return legacyRequest(ctx, { method: "GET", path: "/user/profile_info", schema: userReply });
}

/** `POST /user/profile_change_photo`: multipart with the `file` field; the new photo waits for validation. */
export function changeProfilePhoto(ctx: LegacyContext, file: Blob, fileName = "photo.png") {
  const body = new FormData();
  body.set("file", file, fileName);
  return legacyRequest(ctx, { method: "POST", path: "/user/profile_change_photo", body, schema: savedUserReply });
}

export type ProfileUpdate = {
  fullName: string;
  nickname: string;
  workPositionId?: number;
  universityId?: number;
  university: string;
  acronym: string;
  degree: string;
  languages?: LanguageLevel[];
};

/** `POST /user/profile_update_data`: the personalisation form (arrays as JSON text, spec §5). */
export function updateProfileData(ctx: LegacyContext, update: ProfileUpdate) {
  const jsonText = (value: unknown[] | undefined) => (value === undefined ? undefined : JSON.stringify(value));
  return legacyRequest(ctx, {
    method: "POST",
    path: "/user/profile_update_data",
    body: {
      full_name: update.fullName,
      nickname: update.nickname,
      work_position_id: update.workPositionId,
      university_id: update.universityId,
      university: update.university,
      acronym: update.acronym,
      degree: update.degree,
      languages: jsonText(update.languages),
    },
    schema: savedUserReply,
  });
}

const updatesReply = z
  .object({
    user_news: z.array(userNewsSchema).nullish(),
    // NOTE: the spec leaves open whether this is a count or the list; the mock sends the list.
    user_notifications: z.union([z.array(notificationSchema), z.coerce.number()]).nullish(),
  })
  .passthrough()
  .transform((reply) => ({
    news: reply.user_news ?? [],
    unseenNotifications: Array.isArray(reply.user_notifications)
      ? reply.user_notifications.filter((notification) => !notification.seen).length
      : (reply.user_notifications ?? 0),
  }));

/** `GET /user/check_updates`: pending news and unseen notifications, read at app start. */
export function checkUpdates(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/user/check_updates",
    schema: updatesReply,
  });
}

/** `POST /user/user_news/{id}`: a pending news item was viewed; viewing `welcome` clears the welcome flag. */
export function markUserNewsViewed(ctx: LegacyContext, userNewsId: number) {
  return legacyRequest(ctx, { method: "POST", path: `/user/user_news/${userNewsId}`, schema: userReply });
}

const notificationsReply = z
  .object({ user_notifications: z.array(notificationSchema) })
  .transform((reply) => reply.user_notifications);

/** `GET /user/user_notifications`, newest first. */
export function getNotifications(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/user/user_notifications",
    schema: notificationsReply,
  });
}

const notificationSeenReply = z
  .object({ user_notification: notificationSchema })
  .passthrough()
  .transform((reply) => reply.user_notification);

/** `POST /user/notifications/view`: answers with the notification, now seen. */
export function markNotificationSeen(ctx: LegacyContext, notificationId: number) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/user/notifications/view",
    body: { id: notificationId },
    schema: notificationSeenReply,
  });
}

export function deleteNotification(ctx: LegacyContext, notificationId: number) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/user/notifications/delete",
    body: { id: notificationId },
    schema: messageSchema,
  });
}

export type CertificateForm = {
  certificate: string;
  certificateType: "CERTIFICATE" | "COURSE";
  institution: string;
  /** `YYYY-MM-DD`. */
  expeditionDate: string;
  credentialId?: string;
  credentialUrl?: string;
  /** PNG, JPEG or PDF, at most 4 MiB. */
  file?: { blob: Blob; name: string };
};

const certificateReply = z
  .object({
    message: z.string().nullish(),
    certificate: certificateSchema.nullish(),
    certificates: z.array(certificateSchema).nullish(),
  })
  .passthrough()
  .transform((reply) => ({
    message: reply.message ?? "",
    certificate: reply.certificate ?? null,
    certificates: reply.certificates ?? [],
  }));

/** `POST /user/certificates/save`: multipart, because of the optional file. */
export function saveCertificate(ctx: LegacyContext, form: CertificateForm) {
  const body = new FormData();
  body.set("certificate", form.certificate);
  body.set("certificate_type", form.certificateType);
  body.set("institution", form.institution);
  body.set("expedition_date", form.expeditionDate);
  if (form.credentialId) body.set("credential_id", form.credentialId);
  if (form.credentialUrl) body.set("credential_url", form.credentialUrl);
  if (form.file) body.set("file_certificate", form.file.blob, form.file.name);
  return legacyRequest(ctx, {
    method: "POST",
    path: "/user/certificates/save",
    body,
    schema: certificateReply,
  });
}

/** `POST /user/university`: the education form. */
export function saveUniversity(ctx: LegacyContext, body: { degree: string; university: string; acronym: string }) {
  return legacyRequest(ctx, { method: "POST", path: "/user/university", body, schema: savedUserReply });
}

/** `POST /user/languages`: `languages` as JSON text of `[{language, level}]`; `[]` clears them. */
export function saveLanguages(ctx: LegacyContext, languages: LanguageLevel[]) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/user/languages",
    body: { languages: JSON.stringify(languages) },
    schema: savedUserReply,
  });
}

export type OnboardingChoice = "training_topics" | "training_type_contents";

/**
 * Extension `POST /user/training_topics` and `POST /user/training_type_contents`: the topics of
 * interest or content types chosen in onboarding, as JSON text of ids.
 */
export function saveOnboardingChoice(ctx: LegacyContext, choice: OnboardingChoice, ids: number[]) {
  return legacyRequest(ctx, {
    method: "POST",
    path: `/user/${choice}`,
    body: { [choice]: JSON.stringify(ids) },
    schema: savedUserReply,
  });
}
