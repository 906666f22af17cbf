/**
 * The cross-site request forgery rule (DESIGN.md 'Security'), its one home: the HTTP server's gate
 * (server/gates.ts) applies it before Remix, and the route guards again, so an action is safe on
 * its own. A request that is not GET or HEAD, that the browser marks `Sec-Fetch-Site: cross-site`
 * or whose Origin is not exactly this host (port included, `null` included), is cross-site.
 * SameSite=Lax cookies already stop most of it; this closes the rest.
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

/**
 * Whether a navigation was started by another site (login CSRF, spec §7 hand-off): the browser
 * says `Sec-Fetch-Site: cross-site` or `same-site` (a sibling host), and it keeps saying so across
 * redirects started there; `same-origin` and `none` (typed, a bookmark) are not. A browser without
 * Fetch Metadata is trusted only with a Referer of this origin (the app sends `Referrer-Policy:
 * same-origin`, and another site can suppress its own).
 */
export function startedByAnotherSite(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "cross-site" || site === "same-site";
  const referer = request.headers.get("Referer");
  // The request's URL carries the host server/serve.ts resolved (as assertSameOrigin compares).
  try {
    return !referer || new URL(referer).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}

/** The route guards' check: refused with 403 here too. */
export function assertSameOrigin(request: Request): void {
  // The request's URL carries the public host server/proxy.ts resolved.
  const url = new URL(request.url);
  const crossSite = isCrossSite({
    method: request.method,
    origin: request.headers.get("Origin"),
    secFetchSite: request.headers.get("Sec-Fetch-Site"),
    host: url.host,
    protocol: url.protocol.slice(0, -1),
  });
  if (crossSite) throw forbidden();
}

function forbidden() {
  return new Response("Forbidden", { status: 403, headers: { "Content-Type": "text/plain" } });
}
