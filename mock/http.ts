import { http, type HttpHandler, HttpResponse, type PathParams } from "msw";
import { localeOf, type MessageKey, t } from "./i18n";
import { type MockContext, userForToken } from "./store";
import type { Locale, MockState, UserRecord } from "./types";
import type { Input } from "./validation";

/** The plumbing every resource handler shares: paths, authentication, bodies and error replies. */

export const API_BASE = "/v1/api";

/** msw path of an API route on any origin, e.g. `*\/v1/api/auth/login`. */
export const apiPath = (path: string) => `*${API_BASE}${path}`;

const MAX_BODY_BYTES = 12 * 1024 * 1024;

export interface Call {
  request: Request;
  params: PathParams;
  locale: Locale;
  state: MockState;
}

export interface UserCall extends Call {
  user: UserRecord;
  token: string;
}

type Resolver<C extends Call> = (call: C) => Response | Promise<Response>;

export const json = (data: unknown, status = 200) => HttpResponse.json(data as Record<string, unknown>, { status });

export const message = (locale: Locale, key: MessageKey, status: number) => json({ message: t(locale, key) }, status);

/** 402: the legacy API's business refusal, with a message meant for the user. */
export const refuse = (locale: Locale, key: MessageKey) => message(locale, key, 402);

export const notFound = (locale: Locale) => message(locale, "notFound", 404);

function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
  return match?.[1] ?? null;
}

function authenticate(call: Call): UserCall {
  const token = bearerToken(call.request);
  const user = token ? userForToken(call.state, token) : undefined;
  if (!token || !user) throw message(call.locale, "unauthenticated", 401);
  return { ...call, user, token };
}

/** Runs a resolver; a thrown Response is the reply, anything else is a 500 and a log line. */
async function run<C extends Call>(call: C, resolve: Resolver<C>): Promise<Response> {
  try {
    return await resolve(call);
  } catch (error) {
    if (error instanceof Response) return error;
    process.stderr.write(
      `${JSON.stringify({
        level: "error",
        msg: "mock handler failed",
        path: new URL(call.request.url).pathname,
        error: String(error),
      })}\n`,
    );
    return message(call.locale, "serverError", 500);
  }
}

/** Route builders: `get`/`post` require a Bearer token, `publicGet`/`publicPost` do not. */
export function routes(ctx: MockContext) {
  const callOf = (request: Request, params: PathParams): Call => ({
    request,
    params,
    locale: localeOf(request),
    state: ctx.store.state,
  });
  const open =
    (method: "get" | "post") =>
    (path: string, resolve: Resolver<Call>): HttpHandler =>
      http[method](apiPath(path), ({ request, params }) => run(callOf(request, params), resolve));
  const guarded =
    (method: "get" | "post") =>
    (path: string, resolve: Resolver<UserCall>): HttpHandler =>
      http[method](apiPath(path), ({ request, params }) => run(callOf(request, params), (call) => resolve(authenticate(call))));
  return { publicGet: open("get"), publicPost: open("post"), get: guarded("get"), post: guarded("post") };
}

/** A numeric path parameter, or a 404 reply. */
export function idParam(call: Call, name = "id"): number {
  const raw = call.params[name];
  const value = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value)) throw notFound(call.locale);
  return value;
}

/**
 * The request body as a flat object: JSON, multipart or url-encoded. Invalid JSON is a 400 and a
 * body over 12 MiB a 413; anything else without a body reads as `{}`.
 */
export async function readBody(call: Call): Promise<Input> {
  const { request, locale } = call;
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw message(locale, "payloadTooLarge", 413);
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries((await request.formData()).entries());
  }
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Input) : {};
  } catch {
    throw message(locale, "malformedBody", 400);
  }
}
