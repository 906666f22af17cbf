import { getConfig } from "./config.server";
import { applySecurityHeaders } from "./security.server";

/** The one place a `/files/<path>` address becomes a URL on the files host (FILES_HOST_URL). */

/** The path's segments, or null when any could step out of the files host's folder. */
function safeSegments(splat: string): string[] | null {
  const segments = splat.split("/");
  const bad = (segment: string) =>
    segment === "" || segment === "." || segment === ".." || /[\\\0]/.test(segment) || /%2f|%5c/i.test(segment);
  return segments.length === 0 || segments.some(bad) ? null : segments;
}

/** `<FILES_HOST_URL>/<splat>` (with `search`), or null when the path is unsafe or leaves the host. */
export function filesHostUrl(splat: string, search = ""): URL | null {
  const segments = safeSegments(splat);
  if (!segments) return null;
  const base = new URL(`${getConfig().FILES_HOST_URL}/`);
  const target = new URL(segments.map(encodeURIComponent).join("/"), base);
  target.search = search;
  return target.origin === base.origin && target.pathname.startsWith(base.pathname) ? target : null;
}

/** A short plain-text answer of the file routes (an error, never a stack), with the app's security headers. */
export function plain(status: number, text: string, extra: Record<string, string> = {}) {
  const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra });
  applySecurityHeaders(headers);
  return new Response(text, { status, headers });
}
