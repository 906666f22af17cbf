/**
 * Whether this browser can save content for offline use (a service worker and Cache Storage). Its
 * own module: a page that only asks (the profile's 'Descargas' link) imports none of the saving UI;
 * so does the layout, which asks whether the device holds progress to send.
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
