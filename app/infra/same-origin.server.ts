import { isCrossSite } from "../../server/same-origin-gate";

/**
 * The route guards' use of the cross-site rule the HTTP server applies first
 * (server/same-origin-gate.ts): refused with 403 here too, so an action is safe on its own.
 */
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
