import { z } from "zod";
import { type LegacyContext, legacyRequest } from "./request.server";
import { id } from "./schemas.server";

/**
 * The leader extensions (docs/legacy-api-extensions.md): proposals the real legacy API may lack,
 * in which case it answers 404 and the screens say 'Próximamente'.
 */
const memberSchema = z
  .object({
    id,
    code_user: z.string().nullish(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    full_name: z.string().nullish(),
    photo: z.object({ full_path: z.string().nullish() }).passthrough().nullish(),
    work_position: z.object({ name: z.string() }).passthrough().nullish(),
    progress_global: z.array(z.object({ name: z.string(), progress_percentage: z.coerce.number() }).passthrough()).nullish(),
    in_team: z.unknown().optional(),
  })
  .passthrough()
  .transform((member) => ({
    id: member.id,
    code: member.code_user ?? "",
    name: member.full_name || [member.first_name, member.last_name].filter(Boolean).join(" "),
    photoUrl: member.photo?.full_path ?? null,
    workPosition: member.work_position?.name ?? "",
    progress: (member.progress_global ?? []).map((item) => ({ name: item.name, percent: item.progress_percentage })),
    inTeam: member.in_team === true || member.in_team === 1,
  }));

export type TeamMember = z.output<typeof memberSchema>;

const teamReply = z
  .object({ team: z.array(memberSchema), message: z.string().nullish() })
  .passthrough()
  .transform((reply) => ({ team: reply.team, message: reply.message ?? "" }));

export function getTeam(ctx: LegacyContext) {
  return legacyRequest(ctx, { method: "GET", path: "/leader/team", schema: teamReply.transform((reply) => reply.team) });
}

/** Exact match on the member's code (employee number); an empty code finds nobody. */
export function searchTeamCandidates(ctx: LegacyContext, code: string) {
  return legacyRequest(ctx, {
    method: "GET",
    path: `/leader/team/search?code=${encodeURIComponent(code)}`,
    schema: z.object({ users: z.array(memberSchema) }).transform((reply) => reply.users),
  });
}

export function addTeamMember(ctx: LegacyContext, userId: number) {
  return legacyRequest(ctx, { method: "POST", path: "/leader/team/add", body: { user_id: userId }, schema: teamReply });
}

export function removeTeamMember(ctx: LegacyContext, userId: number) {
  return legacyRequest(ctx, { method: "POST", path: "/leader/team/remove", body: { user_id: userId }, schema: teamReply });
}

export type Material = { title: string; type: 1 | 2 | 3 | 4; link: string; date: string; comments?: string };

export function uploadMaterial(ctx: LegacyContext, material: Material) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/leader/material",
    body: material,
    schema: z.object({ message: z.string().nullish() }).passthrough().transform((reply) => reply.message ?? ""),
  });
}
