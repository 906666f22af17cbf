import type { Config } from "./config.server";

/**
 * The session cookie's name: `__Host-` and Secure in production unless INSECURE_COOKIES (a trusted
 * network on plain http, where browsers drop a Secure cookie). The HTTP edge reads it too, to
 * charge a learner's bodies to their share (server/budget.ts), without the session's code.
 */
export const sessionCookieName = (config: Pick<Config, "NODE_ENV" | "INSECURE_COOKIES">) =>
  config.NODE_ENV === "production" && !config.INSECURE_COOKIES ? "__Host-academia" : "academia";
