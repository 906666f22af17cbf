import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { keepPlayerWhileBeneathLoads } from "~/lib/page-beneath";
import { ActivityDialog, PlayerError } from "~/player/components/activity-dialog";
import { redirect, loadPlayer, parseActivityId, plainProgress } from "~/player/server/route.server";

export const handle = { i18n: ["player", "offline"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);
export const shouldRevalidate = keepPlayerWhileBeneathLoads;

/** `/learning-path/:slug/:activity`: the activity player as a dialog over the route page. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && data.state !== "not_found" ? `Academia · ${data.activity.title}` : "Academia" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const routePage = `/learning-path/${encodeURIComponent(params.slug ?? "")}`;
  const id = parseActivityId(params.activity);
  if (id === null) throw redirect(routePage);
  return loadPlayer(request, id, routePage, { routeSlug: params.slug });
}

/** The player's forms without JavaScript: 'Iniciar' and 'Marcar como terminado'. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = parseActivityId(params.activity);
  if (id === null) throw redirect(`/learning-path/${encodeURIComponent(params.slug ?? "")}`);
  return plainProgress(request, id);
}

export default function RouteActivity() {
  return <ActivityDialog data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  const { slug = "" } = useParams();
  return <PlayerError closeTo={`/learning-path/${encodeURIComponent(slug)}`} />;
}
