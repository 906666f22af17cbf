import { type Blocker, type Location, useBlocker, useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { addDraftKeeper, isSwitchingLanguage } from "~/components/language-select";
import { draftKey, draftOf, readDraft, snapshotOf } from "./form-draft";

/** Uses this tab's sessionStorage; where the browser refuses it (blocked, quota full) there is no draft. */
function withTabStorage<T>(task: (storage: Storage) => T): T | null {
  try {
    return task(window.sessionStorage);
  } catch {
    return null;
  }
}

const pathOf = (location: { pathname: string; search: string }) => `${location.pathname}${location.search}`;

function formById(formId: string) {
  const form = document.getElementById(formId);
  return form instanceof HTMLFormElement ? form : null;
}

/** Inputs that FormData never lists (a file input's default is empty, which a snapshot leaves out). */
const BUTTONS = new Set(["button", "submit", "reset", "image", "file"]);

/**
 * The values the form's HTML gave its fields (what a reset would bring back), as FormData would
 * list them: what was typed before the page's scripts ran is not part of it.
 */
function defaultsOf(form: HTMLFormElement): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const element of form.elements) {
    if (element instanceof HTMLSelectElement && element.name && !element.disabled) {
      const chosen = [...element.options].filter((option) => option.defaultSelected);
      const shown = chosen.length > 0 || element.multiple ? chosen : [...element.options].slice(0, 1);
      for (const option of shown) entries.push([element.name, option.value]);
    } else if (element instanceof HTMLTextAreaElement && element.name && !element.disabled) {
      entries.push([element.name, element.defaultValue]);
    } else if (element instanceof HTMLInputElement && element.name && !element.disabled && !BUTTONS.has(element.type)) {
      const choice = element.type === "radio" || element.type === "checkbox";
      if (!choice) entries.push([element.name, element.defaultValue]);
      else if (element.defaultChecked) entries.push([element.name, element.value]);
    }
  }
  return entries;
}

/**
 * Puts a draft's values back into the form's fields (never files, never hidden fields, which the
 * page fills itself) and tells conform with an `input` event. No `change` event: a field's own
 * handler (the profile's university list fills two fields) must not overwrite what was typed.
 */
function restore(form: HTMLFormElement, values: Array<[string, string]>) {
  const byName = new Map<string, string[]>();
  for (const [name, value] of values) byName.set(name, [...(byName.get(name) ?? []), value]);
  const next = new Map<string, number>();
  for (const element of form.elements) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement))
      continue;
    if (!element.name || element.type === "file" || element.type === "hidden") continue;
    const given = byName.get(element.name) ?? [];
    let changed = false;
    if (element instanceof HTMLInputElement && (element.type === "radio" || element.type === "checkbox")) {
      const checked = given.includes(element.value);
      changed = element.checked !== checked;
      element.checked = checked;
    } else {
      const index = next.get(element.name) ?? 0;
      next.set(element.name, index + 1);
      const value = given[index] ?? "";
      changed = element.value !== value;
      element.value = value;
    }
    if (changed) element.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/**
 * The guard of a form whose typed values would otherwise be lost (issue #14 item 12): leaving
 * for another page of the app is blocked until the leave dialog answers, the browser warns on a
 * reload or a closed tab, and a language switch brings the values back. Dirty means the form
 * holds other values than its HTML gave it (a form's later step, such as a review, keeps its id).
 * Returns the blocker for `<LeaveDialog>`. `draftName` names the kept values where the form's id
 * changes from one document to the next (the contact form's carries its submission id).
 */
export function useDirtyForm(formId: string, draftName: string = formId): Blocker {
  const location = useLocation();
  const path = pathOf(location);
  const pristine = useRef<string | null>(null);

  const isDirty = useCallback(() => {
    const form = formById(formId);
    return form !== null && pristine.current !== null && snapshotOf(new FormData(form)) !== pristine.current;
  }, [formId]);

  // The form's HTML is its clean state; a draft kept over a language switch comes back after.
  useEffect(() => {
    const form = formById(formId);
    if (!form || pristine.current !== null) return;
    pristine.current = snapshotOf(defaultsOf(form));
    const key = draftKey(path, draftName);
    const values = readDraft(
      withTabStorage((storage) => {
        const raw = storage.getItem(key);
        storage.removeItem(key);
        return raw;
      }),
      Date.now(),
    );
    if (!values) return;
    restore(form, values);
    // A field whose options follow another one's value (the support subcategory) is set again once they have rendered.
    const frame = requestAnimationFrame(() => restore(form, values));
    return () => cancelAnimationFrame(frame);
  }, [formId, draftName, path]);

  useEffect(() => {
    const keep = () => {
      const form = formById(formId);
      if (form && isDirty())
        withTabStorage((storage) => storage.setItem(draftKey(path, draftName), draftOf(new FormData(form), Date.now())));
    };
    const warn = (event: BeforeUnloadEvent) => {
      if (isSwitchingLanguage() || !isDirty()) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = "";
    };
    const forget = addDraftKeeper(keep);
    window.addEventListener("beforeunload", warn);
    return () => {
      forget();
      window.removeEventListener("beforeunload", warn);
    };
  }, [formId, draftName, path, isDirty]);

  // A leave blocked while another navigation was in flight (the revalidation after a review step's
  // action) is unblocked by the router when that one ends, unanswered: the question stays until answered.
  const asked = useRef<{ location: Location; replace: boolean } | null>(null);
  const leaving = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    if (leaving.current) return (leaving.current = false);
    const blocks = currentLocation.pathname !== nextLocation.pathname && isDirty();
    asked.current = blocks && historyAction !== "POP" ? { location: nextLocation, replace: historyAction === "REPLACE" } : null;
    return blocks;
  });
  const navigate = useNavigate();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const answer = (then: () => void) => () => {
    asked.current = null;
    then();
  };
  if (blocker.state === "blocked") return { ...blocker, reset: answer(blocker.reset), proceed: answer(blocker.proceed) };
  if (blocker.state === "unblocked" && asked.current) {
    const { location, replace } = asked.current;
    return {
      state: "blocked",
      location,
      reset: answer(rerender),
      proceed: answer(() => {
        leaving.current = true;
        navigate(location, { replace });
      }),
    };
  }
  return blocker;
}
