/**
 * Cross-site request forgery guard for every state-changing request (DESIGN.md 'Security'): a
 * non-GET whose `Origin` is another host, or that the browser marks `Sec-Fetch-Site: cross-site`,
 * is refused with 403. SameSite=Lax cookies already stop most of it; this closes the rest.
 */
export function assertSameOrigin(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") throw forbidden();
  const origin = request.headers.get("Origin");
  if (!origin) return;
  // The request's URL carries the host server/serve.ts resolved: X-Forwarded-Host counts only
  // behind a trusted proxy (TRUST_PROXY).
  const host = new URL(request.url).host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw forbidden();
  }
  if (originHost !== host) throw forbidden();
}

function forbidden() {
  return new Response("Forbidden", { status: 403, headers: { "Content-Type": "text/plain" } });
}
