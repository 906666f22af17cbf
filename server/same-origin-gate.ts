import type { RequestHandler } from "express";
import { refuse } from "./refusal";

/**
 * Cross-site request forgery rule (DESIGN.md 'Security'), one home for the HTTP server and the
 * app's route guards: a request that is not GET or HEAD, that the browser marks
 * `Sec-Fetch-Site: cross-site` or whose Origin is not exactly this host (port included, `null`
 * included), is cross-site. SameSite=Lax cookies already stop most of it; this closes the rest.
 */
export type RequestOrigin = {
  method: string;
  origin: string | null | undefined;
  secFetchSite: string | null | undefined;
  /** The public host the request was made to (server/proxy.ts), port included. */
  host: string | undefined;
  /** `http` or `https`: an Origin without a port means the scheme's default one. */
  protocol: string;
};

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

export function isCrossSite({ method, origin, secFetchSite, host, protocol }: RequestOrigin): boolean {
  if (method === "GET" || method === "HEAD") return false;
  if (secFetchSite === "cross-site") return true;
  if (origin === null || origin === undefined) return false;
  const own = host ? hostOf(`${protocol}://${host}`) : null;
  return own === null || hostOf(origin) !== own;
}

/** Refuses a cross-site request with 403 before Remix (whose own origin check would throw a 500). */
export const sameOriginGate: RequestHandler = (req, res, next) => {
  const crossSite = isCrossSite({
    method: req.method,
    origin: req.get("Origin"),
    secFetchSite: req.get("Sec-Fetch-Site"),
    host: req.get("Host"),
    protocol: req.protocol,
  });
  if (crossSite) return void refuse(req, res, "crossSite");
  next();
};
