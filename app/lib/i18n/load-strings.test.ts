import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Strings } from "./keys";
import type * as LoadStrings from "./load-strings";
import { createTranslator } from "./translator";

const PLAYER = { dialog: { title: "Actividad" } };

/** A fresh module per test: it keeps the namespaces on their way for the page's lifetime. */
let loadStrings: typeof LoadStrings;
beforeEach(async () => {
  vi.resetModules();
  loadStrings = await import("./load-strings");
});

function browser() {
  const resources: Record<string, unknown> = { common: {} };
  loadStrings.setBrowserTranslator(createTranslator<Strings>({ language: "es", resources: resources as never, version: "v1" }));
  const fetched = vi.fn(async (url: string) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return new Response(JSON.stringify(url.includes("/player") ? PLAYER : {}), { status: 200 });
  });
  vi.stubGlobal("fetch", fetched);
  return { resources, fetched };
}

const args = (serverLoader: () => Promise<unknown>) =>
  ({ serverLoader }) as unknown as Parameters<ReturnType<typeof loadStrings.withStrings>>[0];

afterEach(() => vi.unstubAllGlobals());

describe("withStrings", () => {
  it("returns the route's data once its namespaces have arrived", async () => {
    const { resources, fetched } = browser();
    const data = await loadStrings.withStrings({ i18n: ["player"] })(args(async () => ({ ok: true })));
    expect(data).toEqual({ ok: true });
    expect(resources.player).toEqual(PLAYER);
    expect(fetched).toHaveBeenCalledWith("/locales/es/player?v=v1");
  });

  it("lets a failed loader's error through only after the strings its error boundary reads", async () => {
    const { resources } = browser();
    const failure = new Response("down", { status: 503 });
    await expect(
      loadStrings.withStrings({ i18n: ["player"] })(
        args(async () => {
          throw failure;
        }),
      ),
    ).rejects.toBe(failure);
    expect(resources.player).toEqual(PLAYER);
  });
});
