import { z } from "zod/v4";
import type { MaterialForm } from "~/lib/forms/leader";
import { type LegacyContext, legacyRequest } from "./request.server";
import { count, flag, fullPath, id, mediaPath, text } from "./schemas/common.server";

/**
 * The leader extensions (docs/legacy-api.md, 'Leader'): proposals the real legacy API may lack,
 * in which case it answers 404 and the screens say 'Próximamente'. Non-leaders get 403.
 */

/** One route of a member's 'Avance' (spec §3 `progress_avance.progress_by_level`). */
const levelSchema = z
  .object({
    title: text,
    quizzes: z.object({ completed: count, total: count }).passthrough().nullish(),
    is_level: count,
    progress_global: count,
    items_progress: z
      .array(
        z
          .object({ name: text, icon: text, state: z.enum(["completed", "started", "not_started"]).nullish().catch(null) })
          .passthrough(),
      )
      .nullish(),
  })
  .passthrough()
  .transform((level) => ({
    title: level.title,
    quizzes: { completed: level.quizzes?.completed ?? 0, total: level.quizzes?.total ?? 0 },
    level: level.is_level,
    progress: level.progress_global,
    // `status` is Spanish display text: the state is read from the language-independent fields.
    items: (level.items_progress ?? []).map((item) => ({
      name: item.name,
      state: item.state ?? (item.icon === "check" ? ("completed" as const) : ("not_started" as const)),
    })),
  }));

const workPosition = z.object({ name: z.string() }).passthrough().nullish();

const memberSchema = z
  .object({
    id,
    code_user: z.coerce.string().nullish(),
    first_name: text,
    last_name: text,
    full_name: text,
    photo: mediaPath,
    work_position: workPosition,
    workposition: workPosition,
    progress_global: z.array(z.object({ name: z.string(), progress_percentage: count }).passthrough()).nullish(),
    progress_avance: z
      .object({ progress_by_level: z.array(levelSchema).nullish() })
      .passthrough()
      .nullish(),
    in_team: flag,
  })
  .passthrough()
  .transform((member) => ({
    id: member.id,
    code: member.code_user ?? "",
    name: member.full_name || [member.first_name, member.last_name].filter(Boolean).join(" "),
    photoUrl: fullPath(member.photo),
    workPosition: (member.work_position ?? member.workposition)?.name ?? "",
    progress: (member.progress_global ?? []).map((item) => ({ name: item.name, percent: item.progress_percentage })),
    levels: member.progress_avance?.progress_by_level ?? [],
    inTeam: member.in_team,
  }));

export type TeamMember = z.output<typeof memberSchema>;

const teamReply = z
  .object({ team: z.array(memberSchema), message: z.string().nullish() })
  .passthrough()
  .transform((reply) => ({ team: reply.team, message: reply.message ?? "" }));

/** `GET /leader/team`: the leader's team with each member's progress. */
export function getTeam(ctx: LegacyContext) {
  return legacyRequest(ctx, { method: "GET", path: "/leader/team", schema: teamReply.transform((reply) => reply.team) });
}

const searchTeamCandidatesReply = z.object({ users: z.array(memberSchema) }).transform((reply) => reply.users);

/** `GET /leader/team/search`: exact match on the member's code (employee number); an empty code finds nobody. */
export function searchTeamCandidates(ctx: LegacyContext, code: string) {
  return legacyRequest(ctx, {
    method: "GET",
    path: `/leader/team/search?code=${encodeURIComponent(code)}`,
    schema: searchTeamCandidatesReply,
  });
}

/** `POST /leader/team/add`: answers with the message and the new team; 402 if already in it. */
export function addTeamMember(ctx: LegacyContext, userId: number) {
  return legacyRequest(ctx, { method: "POST", path: "/leader/team/add", body: { user_id: userId }, schema: teamReply });
}

/** `POST /leader/team/remove`: answers with the message and the new team; 402 if not in it. */
export function removeTeamMember(ctx: LegacyContext, userId: number) {
  return legacyRequest(ctx, { method: "POST", path: "/leader/team/remove", body: { user_id: userId }, schema: teamReply });
}

const uploadMaterialReply = z
  .object({
    message: z.string().nullish(),
    material: z.object({ id, training_activity_id: id.nullish() }).passthrough().nullish(),
  })
  .passthrough()
  .transform((reply) => ({
    message: reply.message ?? "",
    materialId: reply.material?.id ?? null,
    activityId: reply.material?.training_activity_id ?? null,
  }));

/** `POST /leader/material` (types of spec §3: 1 Wikiguía, 2 Audio, 3 Artículo, 4 Video): the material becomes a shared activity on everyone's home. */
export function uploadMaterial(ctx: LegacyContext, material: MaterialForm) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/leader/material",
    body: material,
    schema: uploadMaterialReply,
  });
}
