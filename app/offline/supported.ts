/**
 * Whether this browser can save content for offline use (a service worker and Cache Storage). Its
 * own module: a page that only asks (the profile's 'Descargas' link) imports none of the saving UI.
 */
export const offlineSupported = () => typeof navigator !== "undefined" && "serviceWorker" in navigator && "caches" in window;
