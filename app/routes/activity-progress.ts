import type { ActionFunctionArgs } from "@remix-run/node";
import { recordProgress } from "~/player/server/progress.server";

/** Writes only: a GET (someone following the URL) is told so instead of raising a server error. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain" } });
}

/** `POST /activity-progress`: the activity player's writes (app/player/server/progress.server.ts). */
export const action = ({ request }: ActionFunctionArgs) => recordProgress(request);
