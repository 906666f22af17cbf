import { sameOriginFileUrl } from "~/domain/media";
import { getConfig } from "./config.server";

/** The one place a `/files/<path>` address becomes a URL on the files host (FILES_HOST_URL). */

/** The path's segments, or null when any could step out of the files host's folder. */
function safeSegments(splat: string): string[] | null {
  const segments = splat.split("/");
  const bad = (segment: string) =>
    segment === "" || segment === "." || segment === ".." || /[\\\0]/.test(segment) || /%2f|%5c/i.test(segment);
  return segments.length === 0 || segments.some(bad) ? null : segments;
}

/**
 * Where `/files/<splat>` points on the files host: `<FILES_HOST_URL>/<splat>` (with `search`),
 * "unsafe" when the path could step out of the host's folder, "not-media" when it lies outside the
 * media folders of FILES_PATH_PREFIXES — the files host may serve other things (in embedded mode
 * the mock's test endpoints, whose outbox holds reset tokens), which are never proxied.
 */
export function filesHostTarget(splat: string, search = ""): URL | "unsafe" | "not-media" {
  const segments = safeSegments(splat);
  if (!segments) return "unsafe";
  const config = getConfig();
  if (!config.FILES_PATH_PREFIXES.some((prefix) => splat.startsWith(prefix))) return "not-media";
  const base = new URL(`${config.FILES_HOST_URL}/`);
  const target = new URL(segments.map(encodeURIComponent).join("/"), base);
  target.search = search;
  return target.origin === base.origin && target.pathname.startsWith(base.pathname) ? target : "unsafe";
}

/** The URL of `filesHostTarget`, or null when the path may not be fetched. */
export function filesHostUrl(splat: string, search = ""): URL | null {
  const target = filesHostTarget(splat, search);
  return target instanceof URL ? target : null;
}

/**
 * A media URL from the legacy API as the browser gets it: with MEDIA_VIA_APP (embedded mode) one on
 * the files host becomes the app's own `/files/…`; otherwise it is left as the API gave it.
 */
export function browserMediaUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const config = getConfig();
  return config.MEDIA_VIA_APP ? sameOriginFileUrl(url, config.FILES_HOST_URL) : url;
}

/** A short plain-text answer of the file routes (an error, never a stack). */
export function plain(status: number, text: string, extra: Record<string, string> = {}) {
  const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra });
  return new Response(text, { status, headers });
}
