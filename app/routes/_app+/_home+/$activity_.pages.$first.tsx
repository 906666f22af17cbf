import type { LoaderFunctionArgs } from "@remix-run/node";
import { isPdfGroupStart } from "~/domain/media";
import { redirect, loadPlayer, parseActivityId } from "~/player/server/route.server";

/** `/:activity/pages/:first`: the player of a PDF at its page group from page `first` (issue #13 item 9; no query, spec §2 guards). */
export { action, clientLoader, default, ErrorBoundary, handle, meta, shouldRevalidate } from "./$activity";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseActivityId(params.activity);
  if (id === null) throw redirect("/");
  const first = Number(params.first);
  if (!isPdfGroupStart(first)) throw redirect(`/${id}`);
  return loadPlayer(request, id, "/", { pdfFirstPage: first });
}
