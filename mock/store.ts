import { randomBytes } from "node:crypto";
import { createSeed } from "./seed";
import type {
  ActivityRecord,
  CourseRecord,
  MockState,
  ProgressRecord,
  RecoveryTokenRecord,
  RouteRecord,
  UserRecord,
} from "./types";

export interface Store {
  state: MockState;
  /** Back to the seed: every record, session, recovery token, outbox message and upload. */
  reset(): void;
}

/** What every handler factory receives. */
export interface MockContext {
  store: Store;
  appKey: string;
  /** Origin of the mock server (e.g. http://127.0.0.1:4010), used to build file URLs. */
  origin: string;
  /** The latest API calls received, as `METHOD /path` (tests count them; bounded). */
  calls: string[];
}

const CALLS_KEPT = 5_000;

/** Notes an API call in the bounded log of `/__mock/calls`. */
export function recordCall(ctx: MockContext, method: string, path: string) {
  ctx.calls.push(`${method} ${path}`);
  if (ctx.calls.length > CALLS_KEPT * 2) ctx.calls.splice(0, CALLS_KEPT);
}

export function createStore(): Store {
  const store: Store = {
    state: createSeed(),
    reset() {
      store.state = createSeed();
    },
  };
  return store;
}

export const nextId = (items: ReadonlyArray<{ id: number }>) => items.reduce((max, item) => Math.max(max, item.id), 0) + 1;

export const now = () => new Date().toISOString();

const opaqueToken = () => randomBytes(30).toString("base64url");

// Sessions

/**
 * Every access token the mock issues starts with this canary, so tests can scan responses, the JS
 * bundle and the logs for a token that leaked (issue #7).
 */
export const ACCESS_TOKEN_CANARY = "canary-access-token-";

export function issueAccessToken(state: MockState, userId: number): string {
  const token = `${ACCESS_TOKEN_CANARY}${opaqueToken()}`;
  state.sessions.set(token, userId);
  return token;
}

export function revokeAccessToken(state: MockState, token: string): void {
  state.sessions.delete(token);
}

export function userForToken(state: MockState, token: string): UserRecord | undefined {
  const userId = state.sessions.get(token);
  return userId === undefined ? undefined : findUser(state, userId);
}

// Recovery tokens and the outbox

const RECOVERY_TTL_MS = 60 * 60 * 1000;

/** Issues a recovery token for the user and 'sends' the e-mail by appending it to the outbox. */
export function issueRecoveryToken(state: MockState, user: UserRecord, subject: string): RecoveryTokenRecord {
  const record = {
    token: opaqueToken(),
    user_id: user.id,
    email: user.email,
    expires_at: Date.now() + RECOVERY_TTL_MS,
  };
  state.recovery_tokens.set(record.token, record);
  state.outbox.push({
    to: user.email,
    subject,
    token: record.token,
    link_path: `/recovery/${record.token}`,
    created_at: now(),
  });
  return record;
}

export function liveRecoveryToken(state: MockState, token: string): RecoveryTokenRecord | undefined {
  const record = state.recovery_tokens.get(token);
  return record && record.expires_at > Date.now() ? record : undefined;
}

// Users

export function findUser(state: MockState, id: number): UserRecord | undefined {
  return state.users.find((user) => user.id === id);
}

/** Sign-in matches the e-mail or the username, ignoring case. */
export function findUserByLogin(state: MockState, login: string): UserRecord | undefined {
  const wanted = login.trim().toLowerCase();
  return state.users.find((user) => user.email.toLowerCase() === wanted || user.user.toLowerCase() === wanted);
}

export function findUserByEmployeeNumber(state: MockState, employeeNumber: string): UserRecord | undefined {
  const wanted = employeeNumber.trim();
  return state.users.find((user) => user.employee_number === wanted);
}

// Training

export interface Placement {
  activity: ActivityRecord;
  course: CourseRecord | null;
  route: RouteRecord | null;
}

/** Every activity the API knows: in routes, in the academy showcases and shared by leaders. */
export function allPlacements(state: MockState): Placement[] {
  const inRoutes = state.routes.flatMap((route) =>
    route.courses.flatMap((course) => course.activities.map((activity) => ({ activity, course, route }))),
  );
  const inAcademy = state.academy.courses.flatMap((course) =>
    course.activities.map((activity) => ({ activity, course, route: null })),
  );
  const shared = state.shared_resources.map((resource) => ({ activity: resource.activity, course: null, route: null }));
  return [...inRoutes, ...inAcademy, ...shared];
}

export function findPlacement(state: MockState, activityId: number): Placement | undefined {
  return allPlacements(state).find((placement) => placement.activity.id === activityId);
}

export function findCourse(state: MockState, courseId: number): CourseRecord | undefined {
  return [...state.routes.flatMap((route) => route.courses), ...state.academy.courses].find((course) => course.id === courseId);
}

export const routeActivities = (route: RouteRecord) => route.courses.flatMap((course) => course.activities);

/** The activity-level progress record of a user, if the activity was ever started. */
export function activityProgress(state: MockState, userId: number, activityId: number): ProgressRecord | undefined {
  return state.progress.find(
    (record) => record.user_id === userId && record.training_activity_id === activityId && record.progress_type === "ACTIVITY",
  );
}
