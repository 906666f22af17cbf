import { z } from "zod";
import { browserMediaUrl } from "../files-host.server";

/**
 * Entity schemas of spec §3 at the legacy boundary. They accept the spec's aliases
 * (`work_position`/`workposition`, `seen`/`is_read`, `is_escape_room`/`escape_room`, wrapped
 * `{training_activity}` items) and hand the app one normalised shape.
 */
export const id = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
export const text = z.string().nullish().transform((value) => value ?? "");
/** Legacy booleans come as `true`, `1`, `"1"` or `"true"`; anything else is false. */
const legacyTrue = (value: unknown) => value === true || value === 1 || value === "1" || value === "true";
export const flag = z.union([z.boolean(), z.number(), z.string()]).nullish().transform(legacyTrue);
/** A number that may come as text; missing counts as 0. */
export const count = z.coerce.number().nullish().transform((value) => value ?? 0);
export const mediaPath = z.object({ full_path: z.string().nullish() }).passthrough().nullish();

/** Replies that only acknowledge (`{success, message}`) hand back the server's message, if any. */
export const messageSchema = z
  .object({ message: z.string().nullish() })
  .passthrough()
  .transform((reply) => reply.message ?? "");

const workPosition = z.object({ id, name: z.string() }).passthrough().nullish();
const namedOf = (item: { id: number; name: string } | null | undefined) => (item ? { id: item.id, name: item.name } : null);

/** A badge the user earned: `{id, seen, created_at, badge}` (spec §3 `user_badges`). */
export const userBadgeSchema = z
  .object({
    id,
    seen: flag,
    created_at: z.string().nullish(),
    badge: z
      .object({ id, name: text, description: text, image_url: z.string().nullish() })
      .passthrough()
      .nullish(),
  })
  .passthrough()
  .transform((item) => ({
    userBadgeId: item.id,
    badgeId: item.badge?.id ?? null,
    seen: item.seen,
    earnedAt: item.created_at ?? null,
    name: item.badge?.name ?? "",
    description: item.badge?.description ?? "",
    imageUrl: browserMediaUrl(item.badge?.image_url),
  }));

export type EarnedBadge = z.output<typeof userBadgeSchema>;

export const certificateSchema = z
  .object({
    id: id.optional(),
    certificate: text,
    certificate_type: z.string().nullish(),
    institution: text,
    expedition_date: z.string().nullish(),
    credential_id: z.string().nullish(),
    credential_url: z.string().nullish(),
    file: mediaPath,
  })
  .passthrough()
  .transform((certificate) => ({
    id: certificate.id ?? null,
    name: certificate.certificate,
    type: certificate.certificate_type === "COURSE" ? ("COURSE" as const) : ("CERTIFICATE" as const),
    institution: certificate.institution,
    expeditionDate: certificate.expedition_date ?? null,
    credentialId: certificate.credential_id ?? null,
    credentialUrl: certificate.credential_url ?? null,
    fileUrl: fullPath(certificate.file),
  }));

export type Certificate = z.output<typeof certificateSchema>;

const universitySchema = z
  .object({
    university_id: id.nullish(),
    university_name: text,
    university_acronym: text,
    degree: text,
  })
  .passthrough()
  .nullish()
  .transform((university) =>
    university
      ? {
          id: university.university_id ?? null,
          name: university.university_name,
          acronym: university.university_acronym,
          degree: university.degree,
        }
      : null,
  );

const userLanguageSchema = z
  .object({ language_id: id.nullish(), language: text, iso_code: z.string().nullish(), proficiency: text })
  .passthrough()
  .transform((item) => ({
    languageId: item.language_id ?? null,
    name: item.language,
    isoCode: item.iso_code ?? null,
    proficiency: item.proficiency,
  }));

/** `task_duration` is in seconds; the spec spells the attempts `number_of_attemps`. */
const experienceVrSchema = z
  .object({
    initiated: z.string().nullish(),
    finalized: z.string().nullish(),
    last_seen: z.string().nullish(),
    number_of_attemps: count,
    number_of_attempts: count,
    task_duration: count,
  })
  .passthrough()
  .nullish()
  .transform((vr) =>
    vr
      ? {
          initiated: vr.initiated ?? null,
          finalized: vr.finalized ?? null,
          lastSeen: vr.last_seen ?? null,
          attempts: vr.number_of_attemps || vr.number_of_attempts,
          durationSeconds: vr.task_duration,
        }
      : null,
  );

export const userSchema = z
  .object({
    id,
    user: text,
    email: text,
    first_name: text,
    last_name: text,
    full_name: text,
    nickname: text,
    profile: text,
    code_user: z.coerce.string().nullish(),
    employee_number: z.coerce.string().nullish(),
    photo: z.object({ full_path: z.string().nullish(), validate: z.unknown().optional() }).passthrough().nullish(),
    photo_media: mediaPath,
    work_position: workPosition,
    workposition: workPosition,
    is_leader: flag,
    ranking: z.coerce.number().nullish(),
    points: count,
    statistics: z.array(z.object({ name: text, val: z.union([z.number(), z.string()]).nullish() }).passthrough()).nullish(),
    achievements: z.array(z.object({ title: text, items: z.array(z.string()).nullish() }).passthrough()).nullish(),
    user_badges: z.array(userBadgeSchema).nullish(),
    welcome: flag,
    certificates: z.array(certificateSchema).nullish(),
    university: universitySchema,
    user_languages: z.array(userLanguageSchema).nullish(),
    experience_vr: experienceVrSchema,
  })
  .passthrough()
  .transform((user) => ({
    id: user.id,
    username: user.user,
    email: user.email,
    employeeNumber: user.code_user ?? user.employee_number ?? "",
    firstName: user.first_name,
    lastName: user.last_name,
    fullName: user.full_name || [user.first_name, user.last_name].filter(Boolean).join(" "),
    nickname: user.nickname,
    profileLabel: user.profile,
    photoUrl: fullPath(user.photo_media) ?? fullPath(user.photo),
    /** A `null` validate means a new photo waits for validation (spec §3). */
    photoPending: Boolean(user.photo) && user.photo?.validate === null,
    workPosition: namedOf(user.work_position ?? user.workposition),
    isLeader: user.is_leader,
    ranking: user.ranking ?? null,
    points: user.points,
    statistics: (user.statistics ?? []).map((stat) => ({ name: stat.name, value: stat.val ?? 0 })),
    achievements: (user.achievements ?? []).map((group) => ({ title: group.title, items: group.items ?? [] })),
    badges: user.user_badges ?? [],
    welcome: user.welcome,
    certificates: user.certificates ?? [],
    university: user.university,
    languages: user.user_languages ?? [],
    experienceVr: user.experience_vr,
  }));

export type LegacyUser = z.output<typeof userSchema>;

/** Every sign-in call answers with a token and the user; a reply without a token is refused (§5). */
export const signInSchema = z
  .object({ access_token: z.string().min(1), user: userSchema })
  .transform((reply) => ({ accessToken: reply.access_token, user: reply.user }));

export type SignIn = z.output<typeof signInSchema>;

/** A media object's `full_path`, as the browser gets it (browserMediaUrl). */
export const fullPath = (media: { full_path?: string | null } | null | undefined) => browserMediaUrl(media?.full_path);

const mediaSchema = z
  .object({
    full_path: z.string().nullish(),
    full_decompression_path: z.string().nullish(),
    decompression_path: z.string().nullish(),
    host_url: z.string().nullish(),
    s3_bucket_name: z.string().nullish(),
    file_path: z.string().nullish(),
    file_name: z.string().nullish(),
  })
  .passthrough()
  .nullish()
  .transform((media) =>
    media
      ? {
          fullPath: media.full_path ?? null,
          fullDecompressionPath: media.full_decompression_path ?? null,
          decompressionPath: media.decompression_path ?? null,
          hostUrl: media.host_url ?? null,
          s3BucketName: media.s3_bucket_name ?? null,
          filePath: media.file_path ?? null,
          fileName: media.file_name ?? null,
        }
      : null,
  );

type RawActivity = {
  id: number | string;
  title?: string | null;
  name?: string | null;
  description?: string | null;
  content_type?: { key?: string | null; name?: string | null } | null;
  parent?: RawActivity | null;
  cover?: { full_path?: string | null } | null;
  media_cover?: { full_path?: string | null } | null;
  media?: unknown;
  content?: { link?: string | null; link_desk?: string | null; link_target?: string | null } | null;
  duration?: number | string | null;
  activity_modules?: Array<{ id: number | string; key?: string | null }> | null;
  is_escape_room?: unknown;
  escape_room?: unknown;
  course_name?: string | null;
  pivot?: { training_course_section_id?: number | string | null } | null;
};

// NOTE: zod 3 calls a lazy schema's getter on every parse, and home parses hundreds of activities
// per request: the getter builds the object schema once and hands back the same one after.
let rawActivityObject: z.ZodType<RawActivity> | undefined;
const rawActivitySchema: z.ZodType<RawActivity> = z.lazy(() => {
  rawActivityObject ??= z
    .object({
      id,
      title: z.string().nullish(),
      name: z.string().nullish(),
      description: z.string().nullish(),
      content_type: z.object({ key: z.string().nullish(), name: z.string().nullish() }).passthrough().nullish(),
      parent: rawActivitySchema.nullish(),
      cover: z.object({ full_path: z.string().nullish() }).passthrough().nullish(),
      media_cover: z.object({ full_path: z.string().nullish() }).passthrough().nullish(),
      media: z.unknown().optional(),
      content: z
        .object({ link: z.string().nullish(), link_desk: z.string().nullish(), link_target: z.string().nullish() })
        .passthrough()
        .nullish(),
      duration: z.union([z.number(), z.string()]).nullish(),
      activity_modules: z.array(z.object({ id, key: z.string().nullish() }).passthrough()).nullish(),
      is_escape_room: z.unknown().optional(),
      escape_room: z.unknown().optional(),
      course_name: z.string().nullish(),
      pivot: z.object({ training_course_section_id: z.union([z.number(), z.string()]).nullish() }).passthrough().nullish(),
    })
    .passthrough();
  return rawActivityObject;
});

export type Activity = {
  id: number;
  title: string;
  description: string;
  contentType: { key: string; name: string };
  parent: Activity | null;
  coverUrl: string | null;
  media: z.output<typeof mediaSchema>;
  content: { link: string | null; linkDesk: string | null; linkTarget: string | null } | null;
  durationMinutes: number;
  modules: Array<{ id: number; key: string }>;
  isEscapeRoom: boolean;
  courseName: string;
  sectionId: number | null;
};

function normaliseActivity(raw: RawActivity): Activity {
  return {
    id: Number(raw.id),
    title: raw.title ?? raw.name ?? "",
    description: raw.description ?? "",
    contentType: { key: raw.content_type?.key ?? "", name: raw.content_type?.name ?? "" },
    parent: raw.parent ? normaliseActivity(raw.parent) : null,
    coverUrl: fullPath(raw.media_cover) ?? fullPath(raw.cover),
    media: mediaSchema.parse(raw.media ?? null),
    content: raw.content
      ? { link: raw.content.link ?? null, linkDesk: raw.content.link_desk ?? null, linkTarget: raw.content.link_target ?? null }
      : null,
    durationMinutes: Number(raw.duration ?? 0) || 0,
    modules: (raw.activity_modules ?? []).map((module) => ({ id: Number(module.id), key: module.key ?? "" })),
    isEscapeRoom: legacyTrue(raw.is_escape_room) || legacyTrue(raw.escape_room),
    courseName: raw.course_name ?? "",
    sectionId: raw.pivot?.training_course_section_id ? Number(raw.pivot.training_course_section_id) : null,
  };
}

export const activitySchema = rawActivitySchema.transform(normaliseActivity);

/** Home lists may wrap an item as `{training_activity}` (spec §3). */
export const listedActivitySchema = z
  .union([z.object({ training_activity: rawActivitySchema }).passthrough(), rawActivitySchema])
  .transform((item) => normaliseActivity("training_activity" in item && item.training_activity ? (item.training_activity as RawActivity) : (item as RawActivity)));

export const courseSchema = z
  .object({
    id: id.optional(),
    name: z.string(),
    show_label: flag,
    active: flag,
    enterprise: z.object({ media_cover: mediaPath }).passthrough().nullish(),
    training_activities: z.array(listedActivitySchema).nullish(),
  })
  .passthrough()
  .transform((course) => ({
    id: course.id ?? null,
    name: course.name,
    showLabel: course.show_label,
    active: course.active,
    coverUrl: fullPath(course.enterprise?.media_cover),
    activities: course.training_activities ?? [],
  }));

export const routeSchema = z
  .object({
    id,
    slug: z.string(),
    name: z.string(),
    short_description: text,
    active: flag,
    media_cover: mediaPath,
    training_courses: z.array(courseSchema).nullish(),
  })
  .passthrough()
  .transform((route) => ({
    id: route.id,
    slug: route.slug,
    name: route.name,
    shortDescription: route.short_description,
    active: route.active,
    coverUrl: fullPath(route.media_cover),
    courses: route.training_courses ?? [],
  }));

export type TrainingRoute = z.output<typeof routeSchema>;

export const progressRecordSchema = z
  .object({
    id: id.optional(),
    activity_id: id.nullish(),
    training_activity_id: id.nullish(),
    progress_type: z.string().nullish(),
    status_type: z.string().nullish(),
    training_activity_module_id: id.nullish(),
    progress: z.union([z.number(), z.string()]).nullish(),
    user_data: z.unknown().optional(),
    initiated: z.union([z.string(), z.boolean(), z.number()]).nullish(),
    finalized: z.union([z.string(), z.boolean(), z.number()]).nullish(),
    first_attempt: z.unknown().optional(),
    task_duration: z.union([z.number(), z.string()]).nullish(),
    points: count,
  })
  .passthrough()
  .transform((record) => ({
    activityId: Number(record.activity_id ?? record.training_activity_id ?? 0),
    moduleId: record.training_activity_module_id ?? null,
    type: (record.status_type ?? record.progress_type ?? "ACTIVITY").toUpperCase(),
    progress: Number(record.progress ?? 0) || 0,
    /** Stored as JSON text; a legacy that answers with the parsed value gets it re-serialised. */
    userData:
      record.user_data === undefined || record.user_data === null
        ? null
        : typeof record.user_data === "string"
          ? record.user_data
          : JSON.stringify(record.user_data),
    initiated: Boolean(record.initiated),
    finalized: Boolean(record.finalized),
    taskDuration: Number(record.task_duration ?? 0) || 0,
    points: record.points,
  }));

export type ProgressRecord = z.output<typeof progressRecordSchema>;

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

/** A catalogue row `{id, name}` (work positions, universities, categories…). */
export const namedSchema = z.object({ id, name: z.string() }).passthrough().transform(({ id, name }) => ({ id, name }));
