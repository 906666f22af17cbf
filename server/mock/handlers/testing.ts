import { http, type HttpHandler, HttpResponse } from "msw";
import type { MockContext } from "../store";

/** Test-only endpoints under `/__mock` (no application key): health, the outbox, and a reset. */
export function testingHandlers(ctx: MockContext): HttpHandler[] {
  return [
    http.get("*/__mock/health", () => HttpResponse.json({ ok: true })),
    http.get("*/__mock/outbox", () => HttpResponse.json({ messages: ctx.store.state.outbox })),
    http.post("*/__mock/reset", () => {
      ctx.store.reset();
      return HttpResponse.json({ ok: true });
    }),
  ];
}
