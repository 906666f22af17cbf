import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { keepPlayerWhileBeneathLoads } from "~/lib/page-beneath";
import { ActivityDialog, PlayerError } from "~/player/components/activity-dialog";
import { redirect, loadPlayer, parseActivityId, plainProgress } from "~/player/server/route.server";

export const handle = { i18n: ["player", "offline"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);
export const shouldRevalidate = keepPlayerWhileBeneathLoads;

/** `/:activity`: the activity player as a dialog over home (spec §2 route table). */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && data.state !== "not_found" ? `Academia · ${data.activity.title}` : "Academia" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseActivityId(params.activity);
  // Spec §2: any other path goes home.
  if (id === null) throw redirect("/");
  return loadPlayer(request, id, "/");
}

/** The player's forms without JavaScript: 'Iniciar' and 'Marcar como terminado'. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = parseActivityId(params.activity);
  if (id === null) throw redirect("/");
  return plainProgress(request, id);
}

export default function HomeActivity() {
  return <ActivityDialog data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <PlayerError closeTo="/" />;
}
