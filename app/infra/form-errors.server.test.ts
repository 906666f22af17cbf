import { describe, expect, it } from "vitest";
import { LegacyError, type LegacyContext } from "~/legacy/request.server";
import { userMessage, unlessAfterAction, withFallback } from "./form-errors.server";
import { getFixedT } from "./language.server";

const ctx: LegacyContext = { locale: "es", onUnavailable: () => new Response(null, { status: 503 }) };
const failing = () => Promise.reject(new LegacyError("unavailable", 500, ""));
const request = (init: RequestInit = {}) =>
  new Request("http://localhost/support/new", { ...init, headers: { "X-Request-Id": "req-1", ...init.headers } });

describe("a form's upstream failure", () => {
  it("says 'Ups algo salio mal' and the id of the request, or the server's own message", async () => {
    const t = await getFixedT(request());
    expect(userMessage(new LegacyError("unavailable", 504, ""), t, request())).toEqual([
      "Ups algo salio mal",
      "Código de referencia: req-1",
    ]);
    expect(userMessage(new LegacyError("refused", 402, "Sin saldo"), t, request())).toEqual(["Sin saldo"]);
    expect(() => userMessage(new Error("bug"), t, request())).toThrow("bug");
  });

  it("prefers the field's own error when asked, and a form's own generic text", async () => {
    const t = await getFixedT(request());
    const invalid = new LegacyError("invalid", 422, "Datos no válidos", { file: ["La imagen es muy grande"] });
    expect(userMessage(invalid, t, request(), { field: "file" })).toEqual(["La imagen es muy grande"]);
    expect(userMessage(invalid, t, request(), { field: "name" })).toEqual(["Datos no válidos"]);
    expect(userMessage(new LegacyError("unavailable", 503, ""), t, request(), { generic: "No se pudo subir" })).toEqual([
      "No se pudo subir",
      "Código de referencia: req-1",
    ]);
  });
});

describe("fallbacks", () => {
  it("withFallback gives the fallback for a legacy failure, never the caller's error page", async () => {
    let seen: LegacyContext | undefined;
    await expect(withFallback(ctx, (upstream) => ((seen = upstream), failing()), null)).resolves.toBeNull();
    expect(seen?.onUnavailable).toBeUndefined();
    await expect(withFallback(ctx, () => Promise.reject(new Error("bug")), null)).rejects.toThrow("bug");
  });

  it("unlessAfterAction fails a page load but falls back after an action (a GET copy of the POST)", async () => {
    await expect(unlessAfterAction(request(), ctx, failing, [])).rejects.toBeInstanceOf(LegacyError);
    const afterPost = request({ headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    await expect(unlessAfterAction(afterPost, ctx, failing, [])).resolves.toEqual([]);
    await expect(unlessAfterAction(request({ method: "POST", body: "" }), ctx, failing, [])).resolves.toEqual([]);
  });
});
