import { z } from "zod/v4";
import { browserMediaUrl } from "~/infra/files-host.server";
import { count, flag, fullPath, id, mediaPath, text } from "./common.server";

const workPosition = z.object({ id, name: z.string() }).passthrough().nullish();
const namedOf = (item: { id: number; name: string } | null | undefined) => (item ? { id: item.id, name: item.name } : null);

/** A badge the user earned: `{id, seen, created_at, badge}` (spec §3 `user_badges`). */
export const userBadgeSchema = z
  .object({
    id,
    seen: flag,
    created_at: z.string().nullish(),
    badge: z.object({ id, name: text, description: text, image_url: z.string().nullish() }).passthrough().nullish(),
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
