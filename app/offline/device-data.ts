import { META_CACHE, SAVED_CACHE } from "./names";
import { clearOutbox } from "./outbox";

/**
 * Forgets what this device keeps for the learner who signs out (issue #18 item 5), so the next
 * person on a shared device finds none of it: the progress outbox, the saved content and whose it
 * was. The sign-out's `Clear-Site-Data` does the same where the browser honours it (a secure
 * origin); elsewhere, the next learner's first page clears saved content (`claimDevice`).
 */
export async function clearDeviceData(): Promise<void> {
  await Promise.all([clearOutbox(), caches.delete(SAVED_CACHE), caches.delete(META_CACHE)]);
}
