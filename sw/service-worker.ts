/// <reference lib="webworker" />
import { encode } from "turbo-stream";
import { clientsClaim } from "workbox-core";
import type { WorkboxPlugin } from "workbox-core/types";
import { ExpirationPlugin } from "workbox-expiration";
import { precacheAndRoute } from "workbox-precaching";
import { RangeRequestsPlugin } from "workbox-range-requests";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkOnly } from "workbox-strategies";
import enCommon from "../app/locales/en/common.json";
import en from "../app/locales/en/downloads.json";
import esCommon from "../app/locales/es/common.json";
import es from "../app/locales/es/downloads.json";
import { claimDevice, parseOwner, readOwner, savedItems } from "../app/offline/caches";
import { BUILD_CACHE, META_CACHE, OWNER_HEADER, SAVED_CACHE } from "../app/offline/names";

/**
 * The service worker (issue #18, decision 047): it serves what the learner saved when the network
 * does not answer, and an offline page in their language for what they did not save. It keeps
 * nothing by itself beyond the outbox's few chunks and the scripts and styles pages load; saving
 * is the pages' work.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const OURS = [SAVED_CACHE, BUILD_CACHE, META_CACHE];

self.addEventListener("install", () => void self.skipWaiting());
clientsClaim();
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith("academia-") && !OURS.includes(name)).map((name) => caches.delete(name)),
        ),
      ),
  );
});

// The outbox's chunks (scripts/build-server.mjs lists them): progress made offline can always be kept.
precacheAndRoute(self.__WB_MANIFEST);

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/** A saved copy; looking creates no cache (after a sign-out, none is left behind). */
const savedMatch = (request: Request | string) =>
  caches.match(request, { cacheName: SAVED_CACHE, ignoreSearch: true, ignoreVary: true });

/** The network's answers for saveable content are not kept: only saving keeps content. */
const notKept: WorkboxPlugin = { cacheWillUpdate: async () => null };

/** A drawn PDF page the saved copy has at another width (the phone turned, or zoomed). */
const anyWidth: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    const match = /^\/pdf-pages\/\d+\/(.+)$/.exec(new URL(request.url).pathname);
    if (!match) return undefined;
    if (!(await caches.has(SAVED_CACHE))) return undefined;
    const cache = await caches.open(SAVED_CACHE);
    const key = (await cache.keys()).find((saved) => new URL(saved.url).pathname.replace(/^\/pdf-pages\/\d+\//, "") === match[1]);
    return key ? ((await cache.match(key)) ?? undefined) : undefined;
  },
};

// The app's scripts and styles never change under a name: kept as loaded, a saved copy first.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith("/build/"),
  new CacheFirst({
    cacheName: BUILD_CACHE,
    plugins: [
      { cachedResponseWillBeUsed: async ({ cachedResponse, request }) => cachedResponse ?? (await savedMatch(request)) ?? null },
      new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true }),
    ],
  }),
);

// Content that can be saved: a saved copy first (byte ranges for audio and video), else the network.
const SAVEABLE = ["/files/", "/pdf-pages/", "/icons/", "/manifest/"];
registerRoute(
  ({ url }) => sameOrigin(url) && SAVEABLE.some((prefix) => url.pathname.startsWith(prefix)),
  new CacheFirst({
    cacheName: SAVED_CACHE,
    matchOptions: { ignoreSearch: true, ignoreVary: true },
    plugins: [notKept, new RangeRequestsPlugin(), anyWidth],
  }),
);

/**
 * A signed-in page names its learner: another learner's saved content is deleted before anything
 * is served (a shared device). A saved page the network answered again is kept up to date (the
 * learner opened it; nothing more is fetched).
 */
const ownedAndFresh: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    const owner = parseOwner(response.headers.get(OWNER_HEADER));
    if (owner) await claimDevice(owner);
    const html = response.headers.get("Content-Type")?.includes("text/html");
    if (response.status === 200 && !response.redirected && html && (await savedMatch(request))) {
      await (await caches.open(SAVED_CACHE)).put(new URL(request.url).pathname, response.clone());
    }
    return response;
  },
};

// Pages: the network, then the saved copy, then the offline page.
registerRoute(
  ({ request, url }) => sameOrigin(url) && request.mode === "navigate" && request.destination === "document",
  new NetworkOnly({
    networkTimeoutSeconds: 10,
    plugins: [ownedAndFresh, { handlerDidError: async ({ request }) => (await savedMatch(request)) ?? offlinePage() }],
  }),
);

/**
 * A page's data asked for in the app (Remix's single fetch) with no network: the answer tells
 * Remix to load the page as a document instead, which the route above serves saved or offline.
 */
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.endsWith(".data"),
  new NetworkOnly({ plugins: [{ handlerDidError: async ({ request }) => reloadAsDocument(new URL(request.url)) }] }),
);

// Remix's route discovery with no network: load the next page as a document.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname === "/__manifest",
  new NetworkOnly({
    plugins: [
      { handlerDidError: async () => new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "yes" } }) },
    ],
  }),
);

setCatchHandler(async ({ request }) => (request.mode === "navigate" ? offlinePage() : Response.error()));

const SingleFetchRedirect = Symbol("SingleFetchRedirect");

/** Remix's single-fetch redirect (status 202, turbo-stream) to the page itself, as a document. */
async function reloadAsDocument(url: URL): Promise<Response> {
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  const redirect = { redirect: `${path}${url.search}`, status: 302, revalidate: false, reload: true, replace: false };
  const stream = encode(
    { [SingleFetchRedirect]: redirect },
    {
      plugins: [
        (value: unknown) =>
          value && typeof value === "object" && SingleFetchRedirect in value
            ? ["SingleFetchRedirect", (value as Record<symbol, unknown>)[SingleFetchRedirect]]
            : undefined,
      ],
    },
  );
  return new Response(stream, {
    status: 202,
    headers: { "Content-Type": "text/x-script", "X-Remix-Response": "yes" },
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

/** The page for an address that is not saved: in the learner's language, listing what is. */
async function offlinePage(): Promise<Response> {
  const owner = await readOwner();
  const lng = owner?.lng === "en" || (!owner && self.navigator.language.startsWith("en")) ? "en" : "es";
  const t = lng === "en" ? en : es;
  const common = lng === "en" ? enCommon : esCommon;
  const items = owner && (await caches.has(SAVED_CACHE)) ? await savedItems(await caches.open(SAVED_CACHE)) : [];
  const list = items.length
    ? `<p>${escapeHtml(t.page.savedList)}</p><ul>${items
        .map((item) => `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a></li>`)
        .join("")}</ul>`
    : `<p>${escapeHtml(t.page.none)}</p>`;
  const html = `<!doctype html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(`${t.page.title} · ${common.app.name}`)}</title><style>${STYLE}</style></head><body><header><span class="brand">${escapeHtml(common.app.name)}</span><span class="status" role="status">${escapeHtml(common.app.offline)}</span></header><main id="main"><h1>${escapeHtml(t.page.heading)}</h1><p>${escapeHtml(t.page.notSaved)}</p>${list}<p class="actions"><a class="button" href="">${escapeHtml(t.page.retry)}</a>${items.length ? ` <a href="/downloads">${escapeHtml(t.page.downloads)}</a>` : ""}</p></main></body></html>`;
  return new Response(html, {
    status: 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'",
    },
  });
}

const STYLE =
  "body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#1c2733;background:#f5f7fa}" +
  "header{display:flex;justify-content:space-between;align-items:center;gap:.5rem;padding:.75rem 1rem;background:#0b3d6e;color:#fff}" +
  ".brand{font-weight:700}.status{font-size:.875rem;padding:.125rem .5rem;border-radius:1rem;background:#fff;color:#0b3d6e}" +
  "main{max-width:40rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem;margin:.5rem 0}" +
  "li{margin:.5rem 0}a{color:#0b3d6e;font-weight:600}li a{display:inline-block;min-height:44px;line-height:44px}" +
  ".button{display:inline-block;padding:.75rem 1.25rem;border-radius:.5rem;background:#0b3d6e;color:#fff;text-decoration:none}";
