import { redisState } from "~/infra/redis.server";

/**
 * Readiness: the server takes requests (server/serve.ts answers 503 itself while it drains). It
 * does not ask the legacy API: an upstream outage would then empty the Service of every replica,
 * and learners would get the load balancer's bare 503 instead of the app's friendly error page
 * with its request id. A shared Redis that does not answer is reported, still 200: each replica
 * then falls back to its own memory (README, "Scaling").
 */
export function loader() {
  const redis = redisState();
  const body = redis === "off" ? "ready" : `ready\nredis: ${redis === "up" ? "ok" : "degraded"}`;
  return new Response(body, { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
