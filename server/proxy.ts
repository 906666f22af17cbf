import type { Request, RequestHandler } from "express";
import { refuse } from "./refusal";
import { routeOf } from "./route-of";

/**
 * What the app knows of the client when it runs behind proxies (README, "Behind a proxy"):
 * TRUST_PROXY is the number of proxies in front (express's `trust proxy` hop count), so the
 * client IP is the address the last trusted proxy appended to X-Forwarded-For, and
 * X-Forwarded-Host and X-Forwarded-Proto count only when they come from a trusted proxy.
 */
type TrustFn = (address: string | undefined, hop: number) => boolean;

/** The host the client asked for, exactly, port included: a trusted proxy's X-Forwarded-Host, else Host. */
export function publicHost(req: Request): string | undefined {
  const trusted = (req.app.get("trust proxy fn") as TrustFn)(req.socket.remoteAddress, 0);
  const forwarded = trusted ? req.get("X-Forwarded-Host")?.split(",")[0]?.trim() : undefined;
  return forwarded || req.get("Host") || undefined;
}

/**
 * Rewrites Host to the public host and drops X-Forwarded-Host, so everything after (the
 * same-origin gate, Remix's adapter and its own origin check, the app's URLs) sees one host,
 * compared exactly with Origin. Without this the adapter appended the proxy's upstream port.
 */
export const usePublicHost: RequestHandler = (req, _res, next) => {
  const host = publicHost(req);
  delete req.headers["x-forwarded-host"];
  if (host) req.headers.host = host;
  else delete req.headers.host;
  next();
};

/** localhost, 127.0.0.0/8 and ::1, with or without a port: where browsers keep Secure cookies over http. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return (
    hostname === "localhost" || hostname.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === "[::1]"
  );
}

/**
 * A sign-in (a password or code posted to /login, an SSO link on /welcome) that would set the
 * Secure session cookie on a plain-http page a browser does not keep it on: it would bounce to
 * the sign-in page without a word, so the server says why instead.
 */
export function isInsecureSignIn(req: Request): boolean {
  if (req.protocol !== "http" || isLoopbackHost(req.get("Host"))) return false;
  const route = routeOf(req.path);
  if (route !== "/login" && route !== "/welcome") return false;
  return req.method === "POST" || req.originalUrl.includes("?");
}

/** In production with Secure cookies: refuses an insecure sign-in with a page saying https is needed. */
export const insecureSignInGate: RequestHandler = (req, res, next) => {
  if (isInsecureSignIn(req)) return void refuse(req, res, "insecure");
  next();
};
