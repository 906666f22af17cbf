import { http, type HttpHandler, HttpResponse } from "msw";
import type { MockContext } from "../store";

/**
 * Test-only endpoints under `/__mock` (no application key): health, the outbox, the contact
 * comments received (so a test can count what was really sent), and a reset.
 */
export function testingHandlers(ctx: MockContext): HttpHandler[] {
  return [
    http.get("*/__mock/health", () => HttpResponse.json({ ok: true })),
    http.get("*/__mock/outbox", () => HttpResponse.json({ messages: ctx.store.state.outbox })),
    http.get("*/__mock/contact_messages", () => HttpResponse.json({ messages: ctx.store.state.contact_messages })),
    http.post("*/__mock/reset", () => {
      ctx.store.reset();
      return HttpResponse.json({ ok: true });
    }),
  ];
}
