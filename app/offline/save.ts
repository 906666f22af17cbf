import pLimit from "p-limit";
import type { OfflineFiles } from "~/player/types";
import { claimDevice, type Owner, type SavedItem, savedItems } from "./caches";
import { itemKey, SAVED_CACHE } from "./names";

/**
 * Saving activities for offline use (issue #18, decision 047): the server lists each one's files
 * (`/offline-files/<id>/<width>`), the page fetches what this device does not hold yet into Cache Storage,
 * with the player's page and the page it opens over, and writes one index entry per activity.
 */

/** An activity to save: its id, the player's address, and the page the player opens over. */
export type SaveTarget = { id: number; url: string; parent: string };

type Ready = Extract<OfflineFiles, { state: "ready" }>;

export type SavePlan = {
  items: Array<{ target: SaveTarget; files: Ready; documents: string[] }>;
  /** What is still to download, in bytes; `estimated` when some sizes are guesses. */
  bytes: number;
  estimated: boolean;
};

export class SaveError extends Error {
  constructor(readonly reason: "failed" | "noSpace") {
    super(reason);
  }
}

/** A page saved with an activity, before it is fetched (the server's pages are about this size). */
const DOCUMENT_BYTES = 60_000;
const CONCURRENCY = 4;

/** The width in device pixels the PDF player's pages are shown at (its `sizes`). */
function pageWidth(): number {
  const css = window.innerWidth >= 912 ? 856 : window.innerWidth - 40;
  return Math.round(css * (window.devicePixelRatio || 1));
}

/** `work` on every item, CONCURRENCY at a time; the first failure drops what has not started. */
async function inPool<T>(list: T[], work: (item: T) => Promise<void>) {
  const limit = pLimit(CONCURRENCY);
  await Promise.all(list.map((item) => limit(() => work(item)))).catch((error: unknown) => {
    limit.clearQueue();
    throw error;
  });
}

async function filesOf(target: SaveTarget): Promise<Ready | null> {
  const response = await fetch(`/offline-files/${target.id}/${pageWidth()}`, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  }).catch(() => null);
  if (!response) throw new SaveError("failed");
  const body = (await response.json().catch(() => null)) as OfflineFiles | null;
  // Content that could not be read now fails the whole save, rather than leave an activity out.
  if (!body || !("state" in body) || body.state === "failed") throw new SaveError("failed");
  return body.state === "ready" ? body : null;
}

/** What saving `targets` takes; an activity that cannot be saved (an external link) is left out. */
export async function planSave(targets: SaveTarget[]): Promise<SavePlan> {
  const cache = await caches.open(SAVED_CACHE);
  const items: SavePlan["items"] = [];
  await inPool(targets, async (target) => {
    const files = await filesOf(target);
    const documents = [
      target.url,
      target.parent,
      "/downloads",
      ...(files?.pageGroups ?? []).map((first) => `${target.url}/pages/${first}`),
    ];
    if (files) items.push({ target, files, documents });
  });
  const sizes = new Map<string, { bytes: number; exact: boolean }>();
  for (const { files, documents } of items) {
    for (const file of [...files.files, ...files.shell]) {
      sizes.set(file.url, { bytes: file.bytes ?? file.estimate ?? DOCUMENT_BYTES, exact: file.bytes !== null });
    }
    for (const document of documents) sizes.set(document, { bytes: DOCUMENT_BYTES, exact: false });
  }
  let bytes = 0;
  let estimated = false;
  await inPool([...sizes], async ([url, size]) => {
    if (await cache.match(url)) return;
    bytes += size.bytes;
    estimated ||= !size.exact;
  });
  return { items: items.sort((a, b) => targets.indexOf(a.target) - targets.indexOf(b.target)), bytes, estimated };
}

/** Fetches and keeps what `plan` lists; `onProgress` gets the share done (0 to 1). */
export async function runSave(plan: SavePlan, owner: Owner, onProgress: (done: number) => void) {
  await claimDevice(owner);
  // Under Save-Data the page does not register the worker until the learner saves something.
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const cache = await caches.open(SAVED_CACHE);
  const urls = [
    ...new Set(plan.items.flatMap(({ files, documents }) => [...documents, ...files.files, ...files.shell].map(urlOf))),
  ];
  const sizes = new Map<string, number>();
  let done = 0;
  await inPool(urls, async (url) => {
    const kept = await cache.match(url);
    const response = kept ?? (await fetch(url, { credentials: "same-origin" }).catch(() => null));
    if (!response || !response.ok || response.redirected) throw new SaveError("failed");
    // Without a Content-Length (a chunked answer) the body is measured: such files are small.
    sizes.set(url, Number(response.headers.get("Content-Length")) || (await response.clone().blob()).size);
    if (!kept) {
      await cache.put(url, response).catch((error: unknown) => {
        throw new SaveError(error instanceof DOMException && error.name === "QuotaExceededError" ? "noSpace" : "failed");
      });
    }
    done += 1;
    onProgress(done / urls.length);
  });
  const savedAt = new Date().toISOString();
  for (const { target, files, documents } of plan.items) {
    const content = [...documents, ...files.files.map(urlOf)];
    const item: SavedItem = {
      id: target.id,
      title: files.title,
      kind: files.kind,
      url: target.url,
      urls: [...content, ...files.shell.map(urlOf)],
      bytes: content.reduce((total, url) => total + (sizes.get(url) ?? 0), 0),
      savedAt,
    };
    await cache.put(itemKey(target.id), Response.json(item));
  }
}

const urlOf = (file: string | { url: string }) => (typeof file === "string" ? file : file.url);

/** Deletes a saved activity, and the files no other saved activity uses. */
export async function deleteSaved(id: number) {
  const cache = await caches.open(SAVED_CACHE);
  const items = await savedItems(cache);
  const gone = items.find((item) => item.id === id);
  if (!gone) return;
  const kept = new Set(items.filter((item) => item.id !== id).flatMap((item) => item.urls));
  await Promise.all(gone.urls.filter((url) => !kept.has(url)).map((url) => cache.delete(url)));
  await cache.delete(itemKey(id));
}
