import { setTimeout as delay } from "node:timers/promises";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { redirect, redirectDocument } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import { FormStrategy } from "remix-auth-form";
import { SEARCH_PARAM } from "~/domain/search";
import { login, loginOrRegister, loginWithToken } from "~/legacy/auth.server";
import { type LegacyContext, LegacyError, retry, writeDeadline } from "~/legacy/request.server";
import type { SignIn } from "~/legacy/schemas/user.server";
import { getUserInfo } from "~/legacy/user.server";
import { employeeLoginSchema, loginSchema } from "~/lib/forms/auth";
import type { AppKey } from "~/lib/i18n/keys";
import { VR_PARAM } from "~/lib/vr";
import { getConfig } from "./config.server";
import { getFixedT, getLocale } from "./language.server";
import { requestIdOf, unavailable } from "./request-id.server";
import { assertSameOrigin, startedByAnotherSite } from "./same-origin.server";
import {
  commitSession,
  destroySession,
  readSession,
  recordLogout,
  SESSION_TTL_SECONDS,
  sessionUserOf,
  type SessionData,
} from "./session.server";
import { decryptSsoQuery } from "./sso.server";
import { toastHeader } from "./toast.server";

/** A form the strategy refused before calling the legacy API; the action shows its reply. */
export class FormRejected extends Error {
  constructor(readonly reply: SubmissionResult<string[]>) {
    super("form rejected");
  }
}

/** Every way an SSO link can fail ends in this one error: no hint of what was wrong. */
export class SsoFailed extends Error {
  constructor() {
    super("sso failed");
  }
}

const SSO_ATTEMPTS = 3;
const SSO_RETRY_DELAY_MS = 400;
/** Failures answer no sooner than this, so a bad ciphertext and an upstream refusal look alike. */
const SSO_FAILURE_FLOOR_MS = SSO_ATTEMPTS * SSO_RETRY_DELAY_MS;

/**
 * Tokens this process logged out, kept as long as a sealed cookie lives: a copy of the cookie is
 * refused here at once, before the legacy API is asked. Bounded, so a flood of logouts only
 * forgets the oldest (the legacy API has revoked those tokens anyway).
 */
const loggedOut = new LRUCache<string, true>({ max: 50_000, ttl: SESSION_TTL_SECONDS * 1000 });

/**
 * The legacy API's verdict on a token ("still signed in?"), kept at most LIVE_VERDICT_MS: a player
 * loads a burst of files and byte ranges, which then cost one upstream call, and a logout on
 * another replica takes effect here within that window.
 */
export const LIVE_VERDICT_MS = 5_000;
/** How long a file waits for that verdict; the window of LIVE_VERDICT_MS starts once it is known. */
const LIVE_VERDICT_DEADLINE_MS = 1_000;
const verdicts = new LRUCache<string, Promise<boolean>>({ max: 10_000, ttl: LIVE_VERDICT_MS });

class SsoStrategy extends Strategy<SignIn, { request: Request }> {
  name = "sso";
  async authenticate(request: Request) {
    return this.verify({ request });
  }
}

async function legacyContext(request: Request): Promise<LegacyContext> {
  return { locale: await getLocale(request), requestId: requestIdOf(request) };
}

/** A loader's request: an unanswered legacy call shows the error page instead of a form error. */
const reading = (request: Request) => request.method === "GET" || request.method === "HEAD";

export const authenticator = new Authenticator<SignIn>()
  .use(
    new FormStrategy(async ({ form, request }) => {
      const submission = parseWithZod(form, { schema: loginSchema });
      if (submission.status !== "success") throw new FormRejected(submission.reply({ hideFields: ["password"] }));
      return login(await legacyContext(request), submission.value);
    }),
    "password",
  )
  .use(
    new FormStrategy(async ({ form, request }) => {
      const submission = parseWithZod(form, { schema: employeeLoginSchema });
      if (submission.status !== "success") throw new FormRejected(submission.reply());
      return loginOrRegister(await legacyContext(request), submission.value);
    }),
    "employee",
  )
  .use(
    new SsoStrategy(async ({ request }) => {
      const started = Date.now();
      const config = getConfig();
      const params = decryptSsoQuery(ssoQuery(new URL(request.url)), {
        key: config.SSO_AES_KEY,
        iv: config.SSO_AES_IV,
      });
      if (params) {
        const deadline = writeDeadline();
        const ctx = { ...(await legacyContext(request)), deadline };
        const signedIn = await retry(() => loginWithToken(ctx, params), {
          attempts: SSO_ATTEMPTS,
          delayMs: SSO_RETRY_DELAY_MS,
          deadline,
        }).catch(() => null);
        if (signedIn) return signedIn;
      }
      await delay(Math.max(0, SSO_FAILURE_FLOOR_MS - (Date.now() - started)));
      throw new SsoFailed();
    }),
    "sso",
  );

/** The query as the SSO link wrote it: spaces stand for '+' (spec §7). */
function ssoQuery(url: URL): URLSearchParams {
  return new URLSearchParams(url.search.replace(/\+/g, "%2B"));
}

/**
 * Query parameters that are not the app's own mark an SSO hand-off (spec §2 guards). Remix strips
 * its `_routes` and an empty `index` before loaders run (server.test.ts proves it), and the server
 * refuses its old `_data` before Remix (server/gates.ts); `vr` opens the VR PIN dialog over a page
 * (app/lib/vr.ts); `q` is the search page's query (app/domain/search.ts).
 */
const OWN_PARAMS = new Set([VR_PARAM, SEARCH_PARAM]);

export function handOffQuery(url: URL): string | null {
  const params = new URLSearchParams(url.search);
  for (const name of OWN_PARAMS) params.delete(name);
  return params.size > 0 ? params.toString() : null;
}

export async function signIn(request: Request, result: SignIn, redirectTo = "/") {
  const t = await getFixedT(request);
  const name = result.user.firstName || result.user.fullName;
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    await commitSession({ token: result.accessToken, user: sessionUserOf(result.user), welcome: result.user.welcome }),
  );
  headers.append("Set-Cookie", await toastHeader({ type: "success", message: t("server:common.auth.welcomeToast", { name }) }));
  // Just issued by the legacy API: alive, so the first files need no check.
  verdicts.set(result.accessToken, Promise.resolve(true));
  // The app is entered with a document load, whose inline script registers the service worker
  // (issue #18: app/offline/registration.server.ts); a script React inserts would not run.
  return redirectDocument(redirectTo, { headers });
}

export async function endSessionAndGo(to: string, request: Request, toastKey?: AppKey) {
  const headers = new Headers({ "Set-Cookie": await destroySession() });
  if (toastKey) {
    const t = await getFixedT(request);
    headers.append("Set-Cookie", await toastHeader({ type: "info", message: t(toastKey) }));
  }
  return redirect(to, { headers });
}

export type Authed = { session: SessionData; ctx: LegacyContext };

/**
 * The auth guard of spec §2 for loaders and actions: a signed-in session or a trip to /welcome.
 * An SSO query on a guarded page ends the session and carries the query to /welcome. A 401 from
 * the legacy API on any call made with the returned context ends the session and goes to /login,
 * unless `unauthorizedIsMessage` (spec §8: on some writes a 401 carries a message to show).
 */
export async function requireUser(request: Request, options: { unauthorizedIsMessage?: boolean } = {}): Promise<Authed> {
  assertSameOrigin(request);
  const url = new URL(request.url);
  const query = handOffQuery(url);
  const session = await readSession(request);
  if (query) {
    // Sent by another site, a signed-in learner keeps the session until /welcome asks (login CSRF).
    if (session && startedByAnotherSite(request)) throw redirect(`/welcome?${query}`);
    throw await endSessionAndGo(`/welcome?${query}`, request);
  }
  if (!session) throw await endSessionAndGo("/welcome", request);
  const ctx: LegacyContext = {
    locale: await getLocale(request),
    token: session.token,
    requestId: requestIdOf(request),
    onUnauthorized: options.unauthorizedIsMessage
      ? undefined
      : () => endSessionAndGo("/login", request, "server:common.auth.sessionExpired"),
    onUnavailable: reading(request) ? () => unavailable(request) : undefined,
  };
  return { session, ctx };
}

/** The guest guard of spec §2: signed-in visitors go home. */
export async function requireGuest(request: Request): Promise<void> {
  assertSameOrigin(request);
  if (await readSession(request)) throw redirect("/");
}

/** Ends a session on logout (POST /logout): at once in this process, and on every replica with Redis. */
export async function forgetSession(session: SessionData) {
  loggedOut.set(session.token, true);
  verdicts.delete(session.token);
  await recordLogout(session.user.id);
}

/**
 * Whether the legacy API still accepts the token: only its 401 says no. An API that does not
 * answer says yes, so an outage does not hide the media of every learner (the pages report it).
 */
async function askLegacy(request: Request, token: string): Promise<boolean> {
  const ctx = { locale: await getLocale(request), token, requestId: requestIdOf(request) };
  const answer = getUserInfo(ctx).then(
    () => true,
    (error: unknown) => !(error instanceof LegacyError && error.kind === "unauthorized"),
  );
  // A slow API must not hold every file for its whole timeout: past the deadline the token counts as alive.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), LIVE_VERDICT_DEADLINE_MS);
  });
  const verdict = await Promise.race([answer, late]);
  clearTimeout(timer);
  return verdict;
}

/**
 * The guard of resource routes that serve content (`/files/`, `/pdf-pages/`): a session whose
 * token is still alive, or a 401 (which also clears a logged-out cookie). Pages need no such
 * check: their own legacy calls get the 401.
 */
export async function requireLiveUser(request: Request): Promise<SessionData> {
  const session = await readSession(request);
  const refuse = (headers: HeadersInit = {}) =>
    new Response("Unauthorized", {
      status: 401,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", ...headers },
    });
  if (!session) throw refuse();
  let verdict = loggedOut.has(session.token) ? Promise.resolve(false) : verdicts.get(session.token);
  if (!verdict) {
    const token = session.token;
    verdict = askLegacy(request, token);
    verdicts.set(token, verdict);
    // Set again once known, so the window counts from the answer, not from the question.
    void verdict.then((known) => {
      if (!loggedOut.has(token)) verdicts.set(token, Promise.resolve(known));
    });
  }
  if (!(await verdict)) throw refuse({ "Set-Cookie": await destroySession() });
  return session;
}
