/**
 * Where saved-for-offline content lives in the browser's Cache Storage (issue #18, decision 047),
 * shared by the pages that save it and the service worker that serves it. One learner's content
 * at a time: the owner is recorded, and a different learner's pages clear it.
 */

/** The saved activities' pages and files, and one index entry per activity. */
export const SAVED_CACHE = "academia-saved-v1";
/** Scripts and styles the pages loaded, kept for pages opened again offline. */
export const BUILD_CACHE = "academia-build-v1";
/** Whose content SAVED_CACHE holds, and in which language to speak offline. */
export const META_CACHE = "academia-meta-v1";

export const OWNER_KEY = "/__offline/owner";
export const ITEM_PREFIX = "/__offline/items/";
/** On a signed-in page: `<user id>; lng=<language>`, which the service worker reads. */
export const OWNER_HEADER = "X-Offline-Owner";

export const itemKey = (id: number) => `${ITEM_PREFIX}${id}`;
