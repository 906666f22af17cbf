import { useSyncExternalStore } from "react";

/**
 * Whether the app can reach its server, for the header's 'Sin conexión' and the player's 'se
 * enviará al reconectar' (issue #18 item 3). `navigator.onLine` alone is not enough: a page the
 * service worker served from a saved copy, or a phone on a network that goes nowhere, can say it
 * is online while no request arrives. So a write that could not be sent counts as no connection
 * until a write is answered or the browser reports being online again.
 */
let unreachable = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (unreachable === next) return;
  unreachable = next;
  for (const listener of listeners) listener();
}

/** What one of the app's requests found: answered (any status) or not sent at all. */
export function noteAnswered(answered: boolean) {
  set(!answered);
}

export const isOffline = () => unreachable || !navigator.onLine;

/** Calls `onChange` when the answer of `isOffline` may have changed; returns the unsubscribing function. */
export function subscribe(onChange: () => void) {
  const onOnline = () => {
    set(false);
    onChange();
  };
  listeners.add(onChange);
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("online", onOnline);
    window.removeEventListener("offline", onChange);
  };
}

/** True while the app has no connection; false on the server, which cannot know. */
export function useOffline() {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
