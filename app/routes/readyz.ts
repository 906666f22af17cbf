import { legacyRequest } from "~/lib/legacy/request.server";
import { z } from "zod";

/** Readiness: the legacy API answers a cheap public call. */
export async function loader() {
  try {
    await legacyRequest({ locale: "es" }, { method: "GET", path: "/languages/all", schema: z.unknown() });
    return new Response("ready", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch {
    return new Response("legacy API unreachable", {
      status: 503,
      headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" },
    });
  }
}
