import type { HttpHandler } from "msw";
import { json, readBody, refuse, routes, type UserCall } from "../http";
import { t } from "../i18n";
import { availabilityOf } from "../rules";
import { activityProgress, findPlacement, type MockContext, nextId, now } from "../store";
import type { ActivityRecord, Locale, MockState, ProgressRecord } from "../types";
import { type Input, int, list, rejectField, validate, type Value } from "../validation";
import { progressView } from "../views";

const ACTIONS = ["started", "update_time", "finished", "update_user_data", "update_points", "update_activity_modules"] as const;

type Action = (typeof ACTIONS)[number];

/** The JSON text of user_data: SCORM keeps up to 64 SCOs' data in it (docs/legacy-api.md). */
const MAX_USER_DATA = 512 * 1024;

/** The field each action cannot do without, beyond `action` and `activity`. */
const requiredField: Partial<Record<Action, string>> = {
  update_time: "time",
  update_user_data: "user_data",
  update_points: "progress",
  update_activity_modules: "modules",
};

function rulesFor(action: Action): Record<string, string> {
  const rules: Record<string, string> = {
    action: `required|string|in:${action}`,
    activity: "required|integer|min:1",
    status_type: "nullable|string|in:ACTIVITY,ACTIVITY_MODULE",
    time: "nullable|numeric|min:0|max:1440",
    progress: "nullable|numeric|min:0|max:100",
    modules: "nullable|array",
    user_data: "nullable",
  };
  const field = requiredField[action];
  if (field) rules[field] = (rules[field] ?? "").replace("nullable", "required");
  return rules;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function startProgress(
  state: MockState,
  userId: number,
  activity: ActivityRecord,
  moduleId: number | null = null,
): ProgressRecord {
  const started = now();
  const record: ProgressRecord = {
    id: nextId(state.progress),
    user_id: userId,
    training_activity_id: activity.id,
    training_activity_module_id: moduleId,
    progress_type: moduleId === null ? "ACTIVITY" : "ACTIVITY_MODULE",
    progress: 0,
    user_data: null,
    initiated: started,
    finalized: null,
    first_attempt: started,
    task_duration: 0,
    points: 0,
    updated_at: started,
  };
  state.progress.push(record);
  if (moduleId === null) activity.views += 1;
  return record;
}

function serialiseUserData(locale: Locale, raw: unknown): string {
  const value = typeof raw === "string" ? raw : JSON.stringify(raw);
  if (value.length > MAX_USER_DATA) rejectField(locale, "user_data", t(locale, "maxChars", { n: MAX_USER_DATA }));
  return value;
}

/** Marks the given modules complete and sets the activity's progress to the share completed. */
function completeModules(call: UserCall, activity: ActivityRecord, record: ProgressRecord, moduleIds: unknown[]) {
  const ids = moduleIds.map(Number);
  if (ids.some((id) => !activity.modules.some((module) => module.id === id))) {
    rejectField(call.locale, "modules", t(call.locale, "invalid"));
  }
  for (const id of new Set(ids)) {
    const existing = call.state.progress.find((item) => item.user_id === call.user.id && item.training_activity_module_id === id);
    const moduleRecord = existing ?? startProgress(call.state, call.user.id, activity, id);
    moduleRecord.finalized ??= now();
    moduleRecord.progress = 100;
    moduleRecord.updated_at = now();
  }
  const done = activity.modules.filter((module) =>
    call.state.progress.some(
      (item) => item.user_id === call.user.id && item.training_activity_module_id === module.id && item.finalized,
    ),
  ).length;
  if (!record.finalized && activity.modules.length > 0) {
    record.progress = round2((done / activity.modules.length) * 100);
  }
}

/** `finished` finalizes once and adds the activity's points once; repeating it changes nothing. */
function finish(call: UserCall, activity: ActivityRecord, record: ProgressRecord) {
  if (record.finalized) return;
  record.finalized = now();
  record.progress = 100;
  record.points = activity.points;
  call.user.points += activity.points;
}

function apply(
  call: UserCall,
  action: Action,
  input: Partial<Record<string, Value>>,
  raw: Input,
  activity: ActivityRecord,
  record: ProgressRecord,
) {
  switch (action) {
    case "started":
      return;
    case "update_time":
      if (!record.finalized) record.task_duration = round2(record.task_duration + Number(input.time));
      return;
    case "update_user_data":
      record.user_data = serialiseUserData(call.locale, raw.user_data);
      return;
    case "update_points":
      if (!record.finalized) record.progress = Math.max(record.progress, round2(Number(input.progress)));
      return;
    case "update_activity_modules":
      completeModules(call, activity, record, list(input.modules));
      return;
    case "finished":
      finish(call, activity, record);
  }
}

async function track(call: UserCall, action: Action): Promise<Response> {
  const raw = await readBody(call);
  const input = validate(raw, rulesFor(action), call.locale);
  const placement = findPlacement(call.state, int(input.activity));
  if (!placement) return rejectField(call.locale, "activity", t(call.locale, "invalid"));
  const availability = availabilityOf(call.state, call.user.id, placement);
  if (availability === "inactive") return refuse(call.locale, "activityUnavailable");
  if (availability === "locked") return refuse(call.locale, "escapeRoomLocked");
  const { activity } = placement;
  const record = activityProgress(call.state, call.user.id, activity.id) ?? startProgress(call.state, call.user.id, activity);
  apply(call, action, input, raw, activity, record);
  record.updated_at = now();
  return json({ user_progress: progressView(record) });
}

/** `POST /activities/{action}`: the activity player's progress calls (spec §4, §7). */
export function activityHandlers(ctx: MockContext): HttpHandler[] {
  const { post } = routes(ctx);
  return ACTIONS.map((action) => post(`/activities/${action}`, (call) => track(call, action)));
}
