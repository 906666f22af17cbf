import { http, type HttpHandler, HttpResponse } from "msw";
import type { Faults } from "../gate";
import type { MockContext } from "../store";

/**
 * Test-only endpoints under `/__mock` (no application key): health, the outbox, the contact
 * comments received (so a test can count what was really sent), the API calls received, the
 * injected faults, a PDF given to an activity (its body, until the reset), and a reset (of the
 * data, the faults and the call log).
 */
export function testingHandlers(ctx: MockContext, faults: Faults): HttpHandler[] {
  const initial = { ...faults, missingPaths: [...faults.missingPaths] };
  return [
    http.get("*/__mock/health", () => HttpResponse.json({ ok: true })),
    http.get("*/__mock/outbox", () => HttpResponse.json({ messages: ctx.store.state.outbox })),
    http.get("*/__mock/contact_messages", () => HttpResponse.json({ messages: ctx.store.state.contact_messages })),
    http.get("*/__mock/calls", () => HttpResponse.json({ calls: ctx.calls })),
    http.post("*/__mock/faults", async ({ request }) => {
      const changes = (await request.json().catch(() => null)) as Partial<Record<keyof Faults, unknown>> | null;
      for (const key of ["latencyMs", "errorRate", "malformedRate"] as const) {
        const value = changes?.[key];
        if (typeof value === "number" && Number.isFinite(value) && value >= 0) faults[key] = value;
      }
      const refused = changes?.refusePath;
      if (typeof refused === "string" || refused === null) faults.refusePath = refused;
      const missing = changes?.missingPaths;
      if (Array.isArray(missing)) faults.missingPaths = missing.filter((path) => typeof path === "string");
      return HttpResponse.json({ faults });
    }),
    http.post("*/__mock/activity-file/:activity/:name", async ({ request, params }) => {
      const activity = [...ctx.store.state.routes, ctx.store.state.academy]
        .flatMap((holder) => holder.courses.flatMap((course) => course.activities))
        .find((candidate) => candidate.id === Number(params.activity));
      const name = String(params.name);
      if (!activity || !/^[\w.-]+\.(pdf|html|xml|js|css)$/.test(name))
        return HttpResponse.json({ message: "Not Found" }, { status: 404 });
      ctx.store.state.test_media.set(name, new Uint8Array(await request.arrayBuffer()));
      // A package's script or style sheet sits beside its pages; the activity opens a page, a manifest's folder or a PDF.
      if (!/\.(js|css)$/.test(name)) activity.media = { folder: "test-media/", name };
      return HttpResponse.json({ ok: true });
    }),
    http.post("*/__mock/reset", () => {
      ctx.store.reset();
      Object.assign(faults, initial, { missingPaths: [...initial.missingPaths], refusePath: initial.refusePath ?? null });
      ctx.calls.length = 0;
      return HttpResponse.json({ ok: true });
    }),
  ];
}
