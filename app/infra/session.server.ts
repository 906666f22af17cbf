import { createCookie } from "@remix-run/node";
import { sealData, unsealData } from "iron-session";
import { z } from "zod";
import type { LegacyUser } from "~/legacy/schemas/user.server";
import { log } from "../../server/log";
import { getConfig } from "./config.server";
import { orElse, redis } from "./redis.server";

/**
 * The sealed cookie session (iron-session: encrypted and authenticated). It holds the legacy
 * access token and the few user fields the layout needs; nothing else about the user is stored.
 */
export const SESSION_TTL_SECONDS = 60 * 60 * 12;

const sessionSchema = z.object({
  token: z.string().min(1),
  user: z.object({
    id: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    photoUrl: z.string().nullable(),
    isLeader: z.boolean(),
  }),
  welcome: z.boolean(),
  issuedAt: z.number(),
});

export type SessionData = z.infer<typeof sessionSchema>;
export type SessionUser = SessionData["user"];

function sessionCookie() {
  const config = getConfig();
  // INSECURE_COOKIES: a trusted network on plain http, where browsers drop a Secure cookie.
  const secure = config.NODE_ENV === "production" && !config.INSECURE_COOKIES;
  return createCookie(secure ? "__Host-academia" : "academia", {
    httpOnly: true,
    secure,
    sameSite: "lax",
    path: "/",
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function sessionUserOf(user: LegacyUser): SessionUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.fullName,
    photoUrl: user.photoUrl,
    isLeader: user.isLeader,
  };
}

/** One unseal a request: the layouts' and the page's loaders all ask, and each unseal derives its keys (pbkdf2). */
const sessionOfRequest = new WeakMap<Request, Promise<SessionData | null>>();

export function readSession(request: Request): Promise<SessionData | null> {
  let session = sessionOfRequest.get(request);
  if (!session) {
    session = unsealSession(request);
    sessionOfRequest.set(request, session);
  }
  return session;
}

async function unsealSession(request: Request): Promise<SessionData | null> {
  const sealed: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  if (typeof sealed !== "string" || sealed.length === 0) return null;
  try {
    const data = await unsealData(sealed, { password: getConfig().SESSION_SECRET, ttl: SESSION_TTL_SECONDS });
    const parsed = sessionSchema.safeParse(data);
    if (!parsed.success || (await revoked(parsed.data))) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

/**
 * With a shared Redis, a logout is the user's logout time there until every cookie sealed before
 * it has expired: each replica refuses those cookies, whatever the legacy API does with the token
 * (decision 041). Without Redis, or while it does not answer, only the legacy API's revocation holds.
 */
const logoutKey = (userId: number) => `logout:${userId}`;

export async function recordLogout(userId: number): Promise<void> {
  const shared = redis();
  if (!shared) return;
  try {
    await shared.set(logoutKey(userId), String(Date.now()), "EX", SESSION_TTL_SECONDS);
  } catch (error) {
    log.warn("redis: logout not recorded; other replicas accept copies of the cookie until it expires", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

async function revoked(session: SessionData): Promise<boolean> {
  const shared = redis();
  if (!shared) return false;
  const loggedOutAt = await orElse(() => shared.get(logoutKey(session.user.id)), null);
  return loggedOutAt !== null && session.issuedAt <= Number(loggedOutAt);
}

export async function commitSession(data: Omit<SessionData, "issuedAt">): Promise<string> {
  const sealed = await sealData({ ...data, issuedAt: Date.now() } satisfies SessionData, {
    password: getConfig().SESSION_SECRET,
    ttl: SESSION_TTL_SECONDS,
  });
  return sessionCookie().serialize(sealed);
}

export function destroySession(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
