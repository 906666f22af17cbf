import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/infra/auth.server";
import { getConfig } from "~/infra/config.server";
import { parseActivityId } from "~/player/server/activity.server";
import { offlineFiles, pdfSaveWidth } from "~/player/server/offline-files.server";

/**
 * `GET /offline-files/<activity>/<width>`: the files that saving the activity for offline use
 * fetches (issue #18), for the signed-in learner who can reach it. `width` is the phone's page
 * width in device pixels, which picks the drawn PDF pages (in the path: a query on a signed-in
 * address is an SSO hand-off).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseActivityId(params.activity);
  const { ctx, session } = await requireUser(request);
  if (id === null) return Response.json({ state: "not_found" }, { status: 404, headers: { "Cache-Control": "no-store" } });
  const width = pdfSaveWidth(params.width ?? null);
  const files = await offlineFiles(ctx, id, {
    width,
    signal: request.signal,
    filesHost: getConfig().FILES_HOST_URL,
    user: String(session.user.id),
  });
  const status = { ready: 200, not_found: 404, failed: 503, unavailable: 409, not_saveable: 409 }[files.state];
  return Response.json(files, { status, headers: { "Cache-Control": "private, no-store" } });
}
