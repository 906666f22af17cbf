import { getConfig } from "~/infra/config.server";
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
  const lines = ["ready"];
  if (redis !== "off") lines.push(`redis: ${redis === "up" ? "ok" : "degraded"}`);
  // The embedded demo says so wherever an operator looks (the metrics' academia_demo_mode too).
  if (getConfig().DEMO_MODE) lines.push("demo: the embedded mock legacy API with demo secrets and accounts");
  const body = lines.join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
