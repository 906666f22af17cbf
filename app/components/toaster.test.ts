import { describe, expect, it } from "vitest";
import { type ToastView, withToast } from "./toaster";

const toast = (id: string, message = "¡Datos guardados con éxito!"): ToastView => ({ id, type: "success", message });

describe("toasts (issue #29 item 6)", () => {
  it("shows a message once: the same words again replace the first instead of stacking", () => {
    expect(withToast([toast("a")], toast("b")).map((item) => item.id)).toEqual(["b"]);
    expect(withToast([toast("a"), toast("c", "Otro")], toast("b")).map((item) => item.id)).toEqual(["c", "b"]);
  });

  it("ignores a toast already shown, and keeps the newest eight", () => {
    const shown = [toast("a")];
    expect(withToast(shown, toast("a"))).toBe(shown);
    const many = Array.from({ length: 8 }, (_, n) => toast(`t${n}`, `m${n}`));
    expect(withToast(many, toast("new", "nuevo")).map((item) => item.id)).toEqual([
      ...many.slice(1).map((item) => item.id),
      "new",
    ]);
  });
});
