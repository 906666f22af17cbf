import { randomUUID } from "node:crypto";
import { data } from "@remix-run/node";

/**
 * The id of a browser request: the server (server/serve.ts) sets `X-Request-Id` on every request
 * it hands to Remix, replacing any the client sent, and logs it; without that server (tests call
 * loaders directly) one is made once per Request.
 */
const made = new WeakMap<Request, string>();

export function requestIdOf(request: Request): string {
  const fromServer = request.headers.get("x-request-id");
  if (fromServer) return fromServer;
  const id = made.get(request) ?? randomUUID();
  made.set(request, id);
  return id;
}

export type UnavailableData = { requestId: string };

/** What a loader throws when the legacy API did not answer: the error page shows the id. */
export function unavailable(request: Request) {
  return data({ requestId: requestIdOf(request) } satisfies UnavailableData, {
    status: 503,
    headers: { "Cache-Control": "no-store" },
  });
}
