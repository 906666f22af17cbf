/**
 * Readiness: the server takes requests (server/serve.ts answers 503 itself while it drains). It
 * does not ask the legacy API: an upstream outage would then empty the Service of every replica,
 * and learners would get the load balancer's bare 503 instead of the app's friendly error page
 * with its request id.
 */
export function loader() {
  return new Response("ready", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
