import { createCookie } from "@remix-run/node";
import { parse as parseCookies } from "cookie";
import { sealData, unsealData } from "iron-session";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { LegacyUser } from "~/legacy/schemas/user.server";
import { getConfig } from "./config.server";
import { log } from "./log.server";
import { cacheLookups } from "./metrics.server";
import { orElse, redis, shielded } from "./redis.server";
import { sessionCookieName } from "./session-cookie.server";

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
  const name = sessionCookieName(getConfig());
  return createCookie(name, {
    httpOnly: true,
    secure: name.startsWith("__Host-"),
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

/**
 * Sessions already unsealed, by their cookie's value, until the seal expires: unsealing derives
 * two keys (pbkdf2, ~5 % of a page's CPU) and decoding the value costs another 1.5 %, and a
 * learner sends the same cookie with every page. Only a seal that unsealed and matched the schema
 * is kept; a logout is still checked on every request (decision 048).
 */
const unsealed = new LRUCache<string, { data: SessionData; expiresAt: number }>({ max: 2_000 });

async function unsealSession(request: Request): Promise<SessionData | null> {
  const header = request.headers.get("Cookie");
  const value = header ? parseCookies(header)[sessionCookie().name] : undefined;
  if (!header || !value) return null;
  try {
    const known = fresh(unsealed.get(value));
    cacheLookups.inc({ cache: "session", result: known ? "hit" : "miss" });
    const data = known ?? (await unsealNew(value, header));
    if (!data || (await revoked(data))) return null;
    return data;
  } catch {
    return null;
  }
}

function fresh(entry: { data: SessionData; expiresAt: number } | undefined) {
  return entry && entry.expiresAt > Date.now() ? entry.data : null;
}

async function unsealNew(value: string, header: string): Promise<SessionData | null> {
  const sealed: unknown = await sessionCookie().parse(header);
  if (typeof sealed !== "string" || sealed.length === 0) return null;
  const parsed = sessionSchema.safeParse(
    await unsealData(sealed, { password: getConfig().SESSION_SECRET, ttl: SESSION_TTL_SECONDS }),
  );
  if (!parsed.success) return null;
  // Sealed just after `issuedAt` with the same ttl: this is never later than iron's own expiry.
  const expiresAt = parsed.data.issuedAt + SESSION_TTL_SECONDS * 1000;
  if (expiresAt > Date.now()) unsealed.set(value, { data: parsed.data, expiresAt });
  return parsed.data;
}

/**
 * With a shared Redis, a logout is the user's logout time there until every cookie sealed before
 * it has expired: each replica refuses those cookies, whatever the legacy API does with the token
 * (decision 041). Without Redis, or while it does not answer (its circuit open, decision 053), the
 * check fails open: only the legacy API's revocation holds.
 */
const logoutKey = (userId: number) => `logout:${userId}`;

export async function recordLogout(userId: number): Promise<void> {
  const shared = redis();
  if (!shared) return;
  try {
    await shielded(() => shared.set(logoutKey(userId), String(Date.now()), "EX", SESSION_TTL_SECONDS));
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
