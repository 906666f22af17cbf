import type { LoaderFunctionArgs } from "@remix-run/node";
import { isPdfGroupStart } from "~/domain/media";
import { redirect, loadPlayer, parseActivityId } from "~/player/server/route.server";

/** `/learning-path/:slug/:activity/pages/:first`: the player of a PDF at its page group from page `first` (issue #13 item 9). */
export { action, clientLoader, default, ErrorBoundary, handle, meta, shouldRevalidate } from "./$slug.$activity";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const routePage = `/learning-path/${encodeURIComponent(params.slug ?? "")}`;
  const id = parseActivityId(params.activity);
  if (id === null) throw redirect(routePage);
  const first = Number(params.first);
  if (!isPdfGroupStart(first)) throw redirect(`${routePage}/${id}`);
  return loadPlayer(request, id, routePage, { pdfFirstPage: first, routeSlug: params.slug });
}
