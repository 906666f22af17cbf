import { http, type HttpHandler, HttpResponse } from "msw";
import { z } from "zod";
import type { Faults } from "../gate";
import type { MockContext } from "../store";

const faultsSchema = z
  .object({
    latencyMs: z.number().min(0).max(60_000),
    errorRate: z.number().min(0).max(1),
    malformedRate: z.number().min(0).max(1),
  })
  .partial()
  .strict();

/**
 * Test-only endpoints under `/__mock` (no application key): health, the outbox, the contact
 * comments received (so a test can count what was really sent), the injected faults, and a reset.
 */
export function testingHandlers(ctx: MockContext, faults: Faults): HttpHandler[] {
  return [
    http.get("*/__mock/health", () => HttpResponse.json({ ok: true })),
    http.get("*/__mock/outbox", () => HttpResponse.json({ messages: ctx.store.state.outbox })),
    http.get("*/__mock/contact_messages", () => HttpResponse.json({ messages: ctx.store.state.contact_messages })),
    http.post("*/__mock/faults", async ({ request }) => {
      const parsed = faultsSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return HttpResponse.json({ ok: false }, { status: 400 });
      Object.assign(faults, parsed.data);
      return HttpResponse.json({ ok: true, faults });
    }),
    http.post("*/__mock/reset", () => {
      ctx.store.reset();
      return HttpResponse.json({ ok: true });
    }),
  ];
}
