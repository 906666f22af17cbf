import { Link, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";

/**
 * A modal that is a URL (DESIGN.md 'Routes'): rendered on the server as an open <dialog> over the
 * page, so it deep-links and works without JavaScript; with JavaScript it becomes a real modal
 * (focus trapped, Escape closes) and closing goes back one step, returning focus to the opener.
 */
const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "iframe",
  "audio[controls]",
  "video[controls]",
  "summary",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/**
 * Keeps Tab and Shift+Tab inside an open modal dialog. NOTE: `showModal()` makes the page behind
 * inert but lets Tab leave the last control for the browser's own UI; the focus then sits on no
 * element of the page, so the last control wraps to the first and back.
 */
export function useFocusTrap(ref: React.RefObject<HTMLDialogElement>, active = true) {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (element) => element.getClientRects().length > 0,
      );
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      const current = document.activeElement;
      if (event.shiftKey && (current === first || !dialog.contains(current))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !dialog.contains(current))) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener("keydown", onKeyDown);
    return () => dialog.removeEventListener("keydown", onKeyDown);
  }, [ref, active]);
}

/** The parts of the Navigation API (Chromium, Firefox 147+, Safari 26+) that closing reads. */
type TopLevelNavigation = {
  currentEntry: { index: number } | null;
  entries(): Array<{ key: string }>;
  traverseTo(key: string): unknown;
};

/**
 * Spec §2: closing a dialog goes back one step, so Back does not reopen it; opened with no page
 * of this app before it (a shared link), it replaces itself with `closeTo`. The step is the page's
 * own previous entry: a frame in the dialog (a SCORM package turning its pages) adds entries to
 * the browser's history that a bare `history.back()` would step through instead (issue #27).
 */
export function useCloseDialog(closeTo: string) {
  const navigate = useNavigate();
  return useCallback(() => {
    // React Router numbers its history entries: idx 0 is the first page of this visit.
    const index: unknown = window.history.state?.idx;
    if (typeof index !== "number" || index === 0) {
      navigate(closeTo, { replace: true, preventScrollReset: true });
      return;
    }
    const navigation = (window as { navigation?: TopLevelNavigation }).navigation;
    const previous = navigation?.currentEntry ? navigation.entries()[navigation.currentEntry.index - 1] : undefined;
    if (previous) navigation!.traverseTo(previous.key);
    else navigate(-1);
  }, [closeTo, navigate]);
}

/**
 * Closes a modal dialog on a tap or click on its backdrop (spec §4: dialogs are dismissed by the
 * backdrop too). Both the press and the release must fall outside the box, so a text selection
 * dragged out of it does not close it.
 */
function useBackdropClose(ref: React.RefObject<HTMLDialogElement>, close: () => void, active: boolean) {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !active) return;
    const outside = (event: MouseEvent) => {
      if (event.target !== dialog) return false;
      const box = dialog.getBoundingClientRect();
      return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
    };
    let pressedOutside = false;
    const onPointerDown = (event: PointerEvent) => {
      pressedOutside = outside(event);
    };
    const onClick = (event: MouseEvent) => {
      if (pressedOutside && outside(event)) close();
      pressedOutside = false;
    };
    dialog.addEventListener("pointerdown", onPointerDown);
    dialog.addEventListener("click", onClick);
    return () => {
      dialog.removeEventListener("pointerdown", onPointerDown);
      dialog.removeEventListener("click", onClick);
    };
  }, [ref, close, active]);
}

export function RouteDialog({
  title,
  closeTo,
  dismissOnBackdrop = false,
  player,
  children,
}: {
  title: string;
  closeTo: string;
  /**
   * A player's dialog, and its kind when it plays one: its size and place are the dialog's own, so
   * a phone that paints the document before the player has arrived draws it where it stays.
   */
  player?: string;
  /** With JavaScript, a tap on the backdrop closes it as × does (nothing to lose, or a form that asks first). */
  dismissOnBackdrop?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const close = useCloseDialog(closeTo);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useFocusTrap(ref);
  useBackdropClose(ref, close, dismissOnBackdrop);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog.open) dialog.close();
    dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close();
    };
    // The browser closes a dialog itself on a second Escape with no tap between: it stays open
    // until its route goes, which an unsaved form's leave dialog may refuse.
    const onClose = () => {
      if (dialog.open || !dialog.isConnected) return;
      dialog.showModal();
      close();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onClose);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onClose);
      if (opener?.isConnected) opener.focus();
    };
  }, [close]);

  return (
    <dialog ref={ref} open className="route-dialog" data-player={player} aria-labelledby={titleId}>
      <div className="route-dialog-header">
        <h2 id={titleId}>{title}</h2>
        <Link
          to={closeTo}
          preventScrollReset
          className="icon-button dialog-close"
          aria-label={t("dialog.close")}
          onClick={(event) => {
            // A new tab or window from the link keeps the browser's own behaviour.
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            close();
          }}
        >
          ×
        </Link>
      </div>
      {children}
    </dialog>
  );
}

/** Spec §9: a form's dialog closes 0.5 s after success (with JavaScript; without it, its Close link does). */
export const CLOSE_AFTER_MS = 500;

export function useCloseAfter(done: boolean, closeTo: string, ms = CLOSE_AFTER_MS) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(closeTo, { preventScrollReset: true }), ms);
    return () => clearTimeout(timer);
  }, [done, closeTo, ms, navigate]);
}

/** What a dialog shows once its form succeeded: the message and a way out. */
export function DialogSuccess({ message, closeTo, closeText }: { message: string; closeTo: string; closeText?: string }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p className="form-success" role="status">
        {message}
      </p>
      <Link to={closeTo} preventScrollReset className="button">
        {closeText ?? t("dialog.close")}
      </Link>
    </div>
  );
}
