import { completedCourses, finalizedActivityCount, hasPendingWelcome, rankingOf } from "./rules";
import { type MockContext, findPlacement } from "./store";
import type {
  ActivityRecord,
  ContentTypeKey,
  CourseRecord,
  MockState,
  NotificationRecord,
  ProgressRecord,
  RouteRecord,
  StoredFile,
  UserBadgeRecord,
  UserRecord,
} from "./types";

/** Wire shapes of the legacy API (spec §3), built from the records at response time. */

export const fileUrl = (ctx: MockContext, file: StoredFile) => `${ctx.origin}/storage/${file.folder}${file.name}`;

export const pathOf = (ctx: MockContext, file: StoredFile | null) => (file ? { full_path: fileUrl(ctx, file) } : null);

/** A media reference: host + file_path + file_name, or the S3 bucket (always null here). */
function mediaView(ctx: MockContext, file: StoredFile | null, isPackage = false) {
  if (!file) return null;
  const folder = `/storage/${file.folder}`;
  return {
    file_path: folder,
    file_name: file.name,
    host_url: ctx.origin,
    s3_bucket_name: null,
    full_path: fileUrl(ctx, file),
    decompression_path: isPackage ? folder : null,
    full_decompression_path: isPackage ? `${ctx.origin}${folder}` : null,
  };
}

const contentTypes: Record<ContentTypeKey, { id: number; name: string; button: string; action: string }> = {
  video: { id: 1, name: "Video", button: "Ver video", action: "play" },
  image: { id: 2, name: "Imagen", button: "Ver imagen", action: "view" },
  pdf_reading: { id: 3, name: "Lectura PDF", button: "Leer documento", action: "read" },
  pdf_with_form: { id: 4, name: "PDF con formulario", button: "Completar formulario", action: "read" },
  elearning: { id: 5, name: "eLearning", button: "Iniciar curso", action: "launch" },
  external_link: { id: 6, name: "Enlace externo", button: "Abrir enlace", action: "open" },
  audio: { id: 7, name: "Audio", button: "Escuchar", action: "play" },
  parent_activity: { id: 8, name: "Actividad relacionada", button: "Ver actividad", action: "parent" },
};

export function activityView(
  ctx: MockContext,
  activity: ActivityRecord,
  courseId: number | null,
  withParent = true,
): Record<string, unknown> {
  const type = contentTypes[activity.content_type];
  const parent = withParent && activity.parent_id !== null ? findPlacement(ctx.store.state, activity.parent_id) : undefined;
  const cover = pathOf(ctx, activity.cover);
  return {
    id: activity.id,
    title: activity.title,
    name: activity.title,
    description: activity.description,
    content_type: { id: type.id, key: activity.content_type, name: type.name },
    parent: parent ? activityView(ctx, parent.activity, parent.course?.id ?? null, false) : null,
    cover,
    media_cover: cover,
    media: mediaView(ctx, activity.media, activity.content_type === "elearning"),
    content: activity.content,
    duration: activity.duration,
    points: activity.points,
    activity_modules: activity.modules.map((module) => ({ id: module.id, key: module.key, name: module.name })),
    attempt: 1,
    button: type.button,
    action: type.action,
    is_escape_room: activity.is_escape_room,
    escape_room: activity.is_escape_room,
    training_course_id: courseId,
    pivot: {
      training_course_id: courseId,
      training_activity_id: activity.id,
      training_course_section_id: activity.section_id,
    },
    views: activity.views,
    created_at: activity.created_at,
  };
}

function courseView(ctx: MockContext, course: CourseRecord) {
  const cover = pathOf(ctx, course.cover);
  return {
    id: course.id,
    name: course.name,
    description: course.description,
    active: course.active,
    show_label: course.show_label,
    media_cover: cover,
    enterprise: { name: course.enterprise, media_cover: cover },
    training_activities: course.activities.map((activity) => activityView(ctx, activity, course.id)),
  };
}

export function routeView(ctx: MockContext, route: RouteRecord) {
  return {
    id: route.id,
    slug: route.slug,
    name: route.name,
    level: route.level,
    short_description: route.short_description,
    description: route.description,
    active: route.active,
    media_cover: pathOf(ctx, route.cover),
    training_courses: route.courses.map((course) => courseView(ctx, course)),
  };
}

export function progressView(record: ProgressRecord) {
  const { training_activity_id, progress_type, ...rest } = record;
  return {
    ...rest,
    activity_id: training_activity_id,
    training_activity_id,
    progress_type,
    status_type: progress_type,
  };
}

export function notificationView(record: NotificationRecord) {
  return {
    id: record.id,
    title: record.title,
    short_description: record.short_description,
    body: record.body,
    date: record.date,
    seen: record.seen,
    is_read: record.seen,
  };
}

export function userBadgeView(ctx: MockContext, record: UserBadgeRecord) {
  const badge = ctx.store.state.catalogue.badges.find((candidate) => candidate.id === record.badge_id);
  return {
    id: record.id,
    seen: record.seen,
    created_at: record.created_at,
    badge: badge
      ? { id: badge.id, name: badge.name, description: badge.description, image_url: fileUrl(ctx, badge.image) }
      : null,
  };
}

function statistics(state: MockState, user: UserRecord) {
  const minutes = state.progress
    .filter((record) => record.user_id === user.id && record.progress_type === "ACTIVITY")
    .reduce((sum, record) => sum + record.task_duration, 0);
  return [
    { name: "Actividades completadas", val: finalizedActivityCount(state, user.id) },
    { name: "Puntos", val: user.points },
    { name: "Insignias", val: user.badges.length },
    { name: "Minutos de formación", val: minutes },
  ];
}

function achievements(state: MockState, user: UserRecord) {
  const badgeNames = user.badges
    .map((record) => state.catalogue.badges.find((badge) => badge.id === record.badge_id)?.name)
    .filter((name): name is string => Boolean(name));
  return [
    { title: "Cursos completados", items: completedCourses(state, user.id).map((course) => course.name) },
    { title: "Insignias", items: badgeNames },
  ];
}

export function userView(ctx: MockContext, user: UserRecord) {
  const { state } = ctx.store;
  const position = state.catalogue.work_positions.find((item) => item.id === user.work_position_id) ?? null;
  const photoUrl = user.photo ? fileUrl(ctx, user.photo.file) : null;
  return {
    id: user.id,
    user: user.user,
    email: user.email,
    employee_number: user.employee_number,
    code_user: user.employee_number,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: user.full_name,
    nickname: user.nickname,
    profile: user.profile,
    photo: user.photo && photoUrl ? { full_path: photoUrl, validate: user.photo.validate } : null,
    photo_media: photoUrl ? { full_path: photoUrl } : null,
    work_position: position,
    workposition: position,
    is_leader: user.is_leader,
    ranking: rankingOf(state, user.id),
    points: user.points,
    statistics: statistics(state, user),
    achievements: achievements(state, user),
    user_badges: user.badges.map((record) => userBadgeView(ctx, record)),
    welcome: hasPendingWelcome(state, user.id) ? 1 : 0,
    certificates: user.certificates.map((certificate) => ({
      id: certificate.id,
      certificate: certificate.certificate,
      certificate_type: certificate.certificate_type,
      institution: certificate.institution,
      expedition_date: certificate.expedition_date,
      credential_id: certificate.credential_id,
      credential_url: certificate.credential_url,
      file: pathOf(ctx, certificate.file),
    })),
    university: user.university,
    user_languages: user.languages.map((item) => {
      const language = state.catalogue.languages.find((candidate) => candidate.id === item.language_id);
      return {
        language_id: item.language_id,
        language: language?.name.es ?? "",
        iso_code: language?.iso_code ?? null,
        proficiency: item.proficiency,
      };
    }),
    experience_vr: user.experience_vr,
  };
}
