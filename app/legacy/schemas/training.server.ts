import { z } from "zod/v4";
import { count, dateMs, flag, fullPath, id, legacyTrue, mediaPath, text } from "./common.server";

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

// Activities nest through `parent`; zod 4's lazy schema calls its getter once and keeps the schema.
const rawActivitySchema: z.ZodType<RawActivity> = z.lazy(() =>
  z
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
      pivot: z
        .object({ training_course_section_id: z.union([z.number(), z.string()]).nullish() })
        .passthrough()
        .nullish(),
    })
    .passthrough(),
);

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
  .transform((item) =>
    normaliseActivity(
      "training_activity" in item && item.training_activity ? (item.training_activity as RawActivity) : (item as RawActivity),
    ),
  );

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
    startedAt: dateMs(record.initiated),
    recordId: record.id ?? null,
    taskDuration: Number(record.task_duration ?? 0) || 0,
    points: record.points,
  }));

export type ProgressRecord = z.output<typeof progressRecordSchema>;
