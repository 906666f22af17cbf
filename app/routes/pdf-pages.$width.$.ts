import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireLiveUser } from "~/infra/auth.server";
import { pageResponse } from "~/player/server/pdf/pages.server";

/**
 * `GET /pdf-pages/<width>/<path>/<page>.<webp|png>`: page `<page>` of the PDF that `/files/<path>`
 * serves, drawn on the server `<width>` pixels wide (360, 720, 1080, 1440 or 2160). For signed-in learners
 * only, training content only (no uploads); the design is in docs/decisions/030-pdf-renderer.md
 * and 051-pdf-renderers-under-prlimit.md (429 and 503 say why in the learner's language).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireLiveUser(request);
  return pageResponse(params.width, params["*"] ?? "", { user: String(session.user.id), signal: request.signal, request });
}
