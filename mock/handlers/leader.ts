import type { HttpHandler } from "msw";
import { json, message, readBody, refuse, routes, type UserCall } from "../http";
import { t } from "../i18n";
import { isEscapeRoomLocked, isFinalized, routeProgress } from "../rules";
import { activityProgress, allPlacements, findUser, type MockContext, nextId, now } from "../store";
import type { ActivityRecord, LinkDesk, MockState, RouteRecord, SharedResourceRecord, UserRecord } from "../types";
import { int, optionalText, rejectField, text, validate } from "../validation";
import { pathOf } from "../views";

/**
 * Leader extensions (not in the spec, proposals for the legacy team): the leader's team and the
 * material a leader shares. Only for `is_leader` users; anyone else gets 403.
 */

/** Material types of spec §3, the external-link kind each becomes, and how 'compartido' agrees with it. */
const materialTypes: Record<number, { name: string; desk: LinkDesk; shared: string }> = {
  1: { name: "Wikiguía", desk: "ARTICULO", shared: "compartida" },
  2: { name: "Audio", desk: "PODCAST", shared: "compartido" },
  3: { name: "Artículo", desk: "ARTICULO", shared: "compartido" },
  4: { name: "Video", desk: "VIDEO", shared: "compartido" },
};

function courseStatus(state: MockState, userId: number, activities: ActivityRecord[]) {
  if (activities.length > 0 && activities.every((activity) => isFinalized(state, userId, activity.id))) {
    return { status: "Completado", icon: "check", state: "completed" };
  }
  const started = activities.some((activity) => activityProgress(state, userId, activity.id));
  return started
    ? { status: "Iniciado", icon: "star", state: "started" }
    : { status: "Sin iniciar", icon: "star", state: "not_started" };
}

function levelProgress(state: MockState, member: UserRecord, route: RouteRecord, currentLevel: number) {
  const courses = route.courses.filter((course) => course.activities.every((activity) => !activity.is_escape_room));
  const escapeRooms = route.courses.flatMap((course) => course.activities).filter((activity) => activity.is_escape_room);
  const statuses = courses.map((course) => ({
    name: course.name,
    ...courseStatus(state, member.id, course.activities),
  }));
  return {
    title: route.name,
    description: route.description,
    quizzes: { completed: statuses.filter((item) => item.state === "completed").length, total: courses.length },
    is_level: route.level,
    current_level: route.level === currentLevel,
    total_level: state.routes.length,
    badge: route.level < currentLevel,
    progress_global: routeProgress(state, member.id, route),
    scape_room: escapeRooms.length
      ? {
          completed: escapeRooms.some((activity) => isFinalized(state, member.id, activity.id)),
          locked: escapeRooms.every((activity) => isEscapeRoomLocked(state, member.id, { activity, course: null, route })),
        }
      : null,
    items_progress: statuses,
  };
}

function memberView(ctx: MockContext, member: UserRecord) {
  const { state } = ctx.store;
  const activeRoutes = state.routes.filter((route) => route.active);
  const currentLevel =
    activeRoutes.find((route) => routeProgress(state, member.id, route) < 100)?.level ?? activeRoutes.at(-1)?.level ?? 1;
  return {
    id: member.id,
    code_user: member.employee_number,
    first_name: member.first_name,
    last_name: member.last_name,
    full_name: member.full_name,
    photo: member.photo ? pathOf(ctx, member.photo.file) : null,
    work_position: state.catalogue.work_positions.find((item) => item.id === member.work_position_id) ?? null,
    progress_global: state.routes.map((route) => ({
      name: route.name,
      progress_percentage: routeProgress(state, member.id, route),
    })),
    progress_avance: {
      progress_by_level: state.routes.map((route) => levelProgress(state, member, route, currentLevel)),
    },
  };
}

function requireLeader(call: UserCall): void {
  if (!call.user.is_leader) throw message(call.locale, "forbidden", 403);
}

/** The user named by the body's `user_id`, or a 422 reply. */
async function bodyUser(call: UserCall): Promise<UserRecord> {
  const input = validate(await readBody(call), { user_id: "required|integer|min:1" }, call.locale);
  const member = findUser(call.state, int(input.user_id));
  if (!member) return rejectField(call.locale, "user_id", t(call.locale, "invalid"));
  return member;
}

interface MaterialInput {
  title: string;
  type: number;
  link: string;
  date: string;
  comments: string | null;
}

/** The material form of spec §5 (2-64 characters each), with `type` 1-4 and an http(s) link. */
function materialInput(call: UserCall, body: Record<string, unknown>): MaterialInput {
  const input = validate(
    body,
    {
      title: "required|string|min:2|max:64",
      type: "required|integer|min:1|max:4",
      link: "required|string|min:2|max:2048",
      date: "required|date",
      comments: "nullable|string|min:2|max:64",
    },
    call.locale,
  );
  if (!/^https?:\/\/\S+$/i.test(text(input.link))) rejectField(call.locale, "link", t(call.locale, "invalid"));
  return {
    title: text(input.title),
    type: int(input.type),
    link: text(input.link),
    date: text(input.date),
    comments: optionalText(input.comments),
  };
}

/**
 * Shared material becomes an external-link activity on everyone's home ('Compartidos por los
 * Líderes'), described by who shared it and the leader's comment.
 */
function shareMaterial(call: UserCall, input: MaterialInput): SharedResourceRecord {
  const type = materialTypes[input.type] ?? materialTypes[3]!;
  const created = now();
  const resource: SharedResourceRecord = {
    id: nextId(call.state.shared_resources),
    shared_by: call.user.id,
    material_type: input.type,
    date: input.date,
    comment: input.comments,
    created_at: created,
    activity: {
      id: nextId(allPlacements(call.state).map((placement) => placement.activity)),
      title: input.title,
      description: [`${type.name} ${type.shared} por ${call.user.full_name}.`, input.comments].filter(Boolean).join(" "),
      content_type: "external_link",
      duration: 10,
      points: 5,
      section_id: 2,
      cover: null,
      media: null,
      content: { link: input.link, link_desk: type.desk, link_target: "_blank" },
      parent_id: null,
      modules: [],
      is_escape_room: false,
      views: 0,
      created_at: created,
    },
  };
  call.state.shared_resources.push(resource);
  return resource;
}

export function leaderHandlers(ctx: MockContext): HttpHandler[] {
  const { get, post } = routes(ctx);
  const team = (user: UserRecord) =>
    user.team_ids
      .map((id) => findUser(ctx.store.state, id))
      .filter((member) => member !== undefined)
      .map((member) => memberView(ctx, member));

  return [
    get("/leader/team", (call) => {
      requireLeader(call);
      return json({ team: team(call.user) });
    }),

    get("/leader/team/search", (call) => {
      requireLeader(call);
      const code = new URL(call.request.url).searchParams.get("code")?.trim() ?? "";
      const found = code ? call.state.users.filter((user) => user.employee_number === code && user.id !== call.user.id) : [];
      return json({
        users: found.map((user) => ({ ...memberView(ctx, user), in_team: call.user.team_ids.includes(user.id) })),
      });
    }),

    post("/leader/team/add", async (call) => {
      requireLeader(call);
      const member = await bodyUser(call);
      if (member.id === call.user.id) return refuse(call.locale, "cannotAddSelf");
      if (call.user.team_ids.includes(member.id)) return refuse(call.locale, "alreadyInTeam");
      call.user.team_ids.push(member.id);
      return json({ success: true, message: t(call.locale, "memberAdded"), team: team(call.user) });
    }),

    post("/leader/team/remove", async (call) => {
      requireLeader(call);
      const member = await bodyUser(call);
      if (!call.user.team_ids.includes(member.id)) return refuse(call.locale, "notInTeam");
      call.user.team_ids = call.user.team_ids.filter((id) => id !== member.id);
      return json({ success: true, message: t(call.locale, "memberRemoved"), team: team(call.user) });
    }),

    post("/leader/material", async (call) => {
      requireLeader(call);
      const input = materialInput(call, await readBody(call));
      const resource = shareMaterial(call, input);
      return json({
        success: true,
        message: t(call.locale, "actionDone"),
        material: { id: resource.id, ...input, training_activity_id: resource.activity.id },
      });
    }),
  ];
}
