/**
 * Whether this browser can save content for offline use (a service worker and Cache Storage). Its
 * own module: a page that only asks (the profile's 'Descargas' link) imports none of the saving UI;
 * so does the layout, which asks whether the device holds progress to send, and whether the app
 * has a connection (below).
 */
export const offlineSupported = () => typeof navigator !== "undefined" && "serviceWorker" in navigator && "caches" in window;

/**
 * Set while this device holds progress in the outbox (later, saved content too): read without
 * loading anything, so the outbox's code (and IndexedDB) loads only where there is something.
 */
export const DEVICE_DATA_MARK = "academia-device-data";

/** Dispatched on window when the outbox gets writes or a closed player left some. */
export const OUTBOX_EVENT = "academia-outbox";

export function hasDeviceData(): boolean {
  try {
    return localStorage.getItem(DEVICE_DATA_MARK) !== null;
  } catch {
    return false;
  }
}

/**
 * Whether the app can reach its server, for the header's 'Sin conexión' and the player's 'se
 * enviará al reconectar' (issue #18 item 3, decision 083). `navigator.onLine` alone is not enough:
 * a page the service worker served from a saved copy, or a phone on a network that goes nowhere,
 * can say it is online while no request arrives. So a write that could not be sent counts as no
 * connection until a write is answered or the browser reports being online again. Here, not in a
 * module of its own: every page with the layout loads this one already (decision 083).
 */
let unreachable = false;
const connectionListeners = new Set<() => void>();

function setUnreachable(next: boolean) {
  if (unreachable === next) return;
  unreachable = next;
  for (const listener of connectionListeners) listener();
}

/** What one of the app's requests found: answered (any status) or not sent at all. */
export function noteAnswered(answered: boolean) {
  setUnreachable(!answered);
}

export const isOffline = () => unreachable || !navigator.onLine;

/**
 * Calls `onChange` when the answer of `isOffline` may have changed; returns the unsubscribing
 * function. With `isOffline`, what `useSyncExternalStore` reads (false on the server).
 */
export function onConnectionChange(onChange: () => void) {
  const onOnline = () => {
    setUnreachable(false);
    onChange();
  };
  connectionListeners.add(onChange);
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onChange);
  return () => {
    connectionListeners.delete(onChange);
    window.removeEventListener("online", onOnline);
    window.removeEventListener("offline", onChange);
  };
}
