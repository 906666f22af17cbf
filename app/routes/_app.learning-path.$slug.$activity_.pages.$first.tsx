import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { loadPlayer, parseActivityId } from "~/lib/activity.server";
import { isGroupStart } from "~/lib/pdf-pages.server";

/** `/learning-path/:slug/:activity/pages/:first`: the player of a PDF at its page group from page `first` (issue #13 item 9). */
export { default, ErrorBoundary, meta } from "./_app.learning-path.$slug.$activity";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const routePage = `/learning-path/${encodeURIComponent(params.slug ?? "")}`;
  const id = parseActivityId(params.activity);
  if (id === null) throw redirect(routePage);
  const first = Number(params.first);
  if (!isGroupStart(first)) throw redirect(`${routePage}/${id}`);
  return loadPlayer(request, id, routePage, first);
}
