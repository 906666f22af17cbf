import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireLiveUser } from "~/infra/auth.server";
import { getConfig } from "~/infra/config.server";
import { filesHostTarget, plain } from "~/infra/files-host.server";
import { log } from "~/infra/log.server";

/**
 * `GET|HEAD /files/<path>`: streams `<FILES_HOST_URL>/<path>` from the app's own origin, so a
 * SCORM package reaches its runtime in the parent window (same-origin API discovery) and the
 * media of an activity need no other origin. Byte ranges and revalidation pass through for the
 * media elements. Only signed-in learners whose token is still alive may use it, and only for the
 * media folders of FILES_PATH_PREFIXES, so it is no open relay.
 */
const REQUEST_HEADERS = ["Range", "If-None-Match", "If-Modified-Since", "If-Range"];
const RESPONSE_HEADERS = ["Content-Type", "Content-Length", "Content-Range", "Accept-Ranges", "ETag", "Last-Modified"];
const PASSED_STATUSES = new Set([200, 206, 304, 404, 416]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  // The path first: a bad one costs no upstream call, not even the session's check.
  const target = filesHostTarget(params["*"] ?? "", new URL(request.url).search);
  if (target === "unsafe") return plain(400, "Bad path");
  if (target === "not-media") return plain(404, "Not found");
  await requireLiveUser(request);
  const config = getConfig();

  // Identity: a body decoded on the way would no longer match the Content-Length passed on.
  const headers = new Headers({ "Accept-Encoding": "identity" });
  for (const name of REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  // The timeout covers the wait for the upstream's headers; a long video then streams freely.
  const upstreamAbort = new AbortController();
  const timer = setTimeout(() => upstreamAbort.abort(), config.LEGACY_TIMEOUT_MS);
  const onClientGone = () => upstreamAbort.abort();
  request.signal.addEventListener("abort", onClientGone, { once: true });
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method === "HEAD" ? "HEAD" : "GET",
      headers,
      redirect: "error",
      signal: upstreamAbort.signal,
    });
  } catch {
    request.signal.removeEventListener("abort", onClientGone);
    log.warn("file proxy: upstream unreachable", { path: target.pathname });
    return plain(upstreamAbort.signal.aborted && !request.signal.aborted ? 504 : 502, "Bad gateway");
  } finally {
    clearTimeout(timer);
  }

  if (!PASSED_STATUSES.has(upstream.status)) {
    await upstream.body?.cancel();
    log.warn("file proxy: upstream error", { path: target.pathname, status: upstream.status });
    return plain(502, "Bad gateway");
  }
  if (upstream.status === 404) {
    await upstream.body?.cancel();
    return plain(404, "Not found");
  }
  const out = new Headers();
  for (const name of RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  // Never kept by any cache, whatever the files host says: a learner's upload is personal, the proxy
  // cannot tell it from training media, and each request re-checks the session (docs/security.md).
  out.set("Cache-Control", "private, no-store");
  // HTML here must run as the app (a SCORM package finds its runtime in the parent window), so the
  // files host is trusted like the app's own code (docs/security.md), and only the app's own pages
  // may frame it; an SVG needs no script.
  out.set("X-Frame-Options", "SAMEORIGIN");
  const svg = out.get("Content-Type")?.startsWith("image/svg");
  out.set("Content-Security-Policy", svg ? "sandbox; frame-ancestors 'self'" : "frame-ancestors 'self'");
  return new Response(request.method === "HEAD" ? null : upstream.body, { status: upstream.status, headers: out });
}
