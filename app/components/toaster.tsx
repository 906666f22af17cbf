import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";

export type ToastView = { id: string; type: "success" | "error" | "info"; title?: string; message: string };

const TOAST_TIMEOUT_MS = 6000;
const MAX_TOASTS = 8;
const TOAST_EVENT = "academia:toast";

/**
 * A toast from the browser's own work, for what goes on after the view that started it is gone (a
 * save for offline use left running when the player closed): the root's toaster shows it.
 */
export function showToast(toast: Omit<ToastView, "id">) {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  window.dispatchEvent(new CustomEvent<ToastView>(TOAST_EVENT, { detail: { ...toast, id } }));
}

/**
 * Flash toasts (spec §9): bottom right, 6 s with a progress bar, at most 8. Without JavaScript a
 * CSS animation hides the server-rendered one; with it, toasts stack and can be closed.
 */
export function Toaster({ toast }: { toast: ToastView | null }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<ToastView[]>(() => (toast ? [toast] : []));

  useEffect(() => {
    if (!toast) return;
    setToasts((current) => withToast(current, toast));
  }, [toast]);

  useEffect(() => {
    const onToast = (event: Event) => {
      const shown = (event as CustomEvent<ToastView>).detail;
      setToasts((current) => withToast(current, shown));
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);

  useEffect(() => {
    const oldest = toasts[0];
    if (!oldest) return;
    const timer = setTimeout(() => setToasts((current) => current.filter((item) => item.id !== oldest.id)), TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [toasts]);

  // A field the learner moves to under the toasts (a tap passes through a toast's text) sends them
  // to the other end of the screen, so they never cover what is being typed (issue #29 item 6).
  const region = useRef<HTMLElement>(null);
  const [atTop, setAtTop] = useState(false);
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const field = event.target;
      const toaster = region.current;
      if (!toaster || !(field instanceof HTMLElement) || !field.matches("input, textarea, select")) return;
      const [a, b] = [field.getBoundingClientRect(), toaster.getBoundingClientRect()];
      if (b.height > 0 && a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right) setAtTop((top) => !top);
    };
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, []);

  return (
    <section ref={region} className="toaster" data-at={atTop ? "top" : undefined} aria-label={t("toast.region")}>
      {toasts.map((item) => (
        <div key={item.id} className={`toast toast-${item.type}`} role={item.type === "error" ? "alert" : "status"}>
          {item.title ? <strong className="toast-title">{item.title.slice(0, 16)}</strong> : null}
          <p>{item.message.slice(0, 150)}</p>
          <button
            type="button"
            className="toast-close"
            aria-label={t("toast.close")}
            onClick={() => setToasts((current) => current.filter((other) => other.id !== item.id))}
          >
            ×
          </button>
          <span className="toast-progress" style={{ animationDuration: `${TOAST_TIMEOUT_MS}ms` }} />
        </div>
      ))}
    </section>
  );
}

/**
 * The toasts once `toast` arrives: the same one (its id) is not shown twice, and one saying what
 * a shown one says takes its place at the end instead of stacking a copy (issue #29 item 6: two
 * '¡Datos guardados con éxito!' at /user_loader). At most MAX_TOASTS, the newest.
 */
export function withToast(current: ToastView[], toast: ToastView): ToastView[] {
  if (current.some((item) => item.id === toast.id)) return current;
  const same = (item: ToastView) => item.type === toast.type && item.title === toast.title && item.message === toast.message;
  return [...current.filter((item) => !same(item)), toast].slice(-MAX_TOASTS);
}
