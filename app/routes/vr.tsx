import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireUser } from "~/infra/auth.server";
import { withVr } from "~/lib/vr";

/**
 * `/vr`, as bookmarked when 'Experiencia VR' was a page: the VR dialog over home. The dialog opens
 * over any page with `?vr` (app/lib/vr.ts); the guard still hands an SSO query on to /welcome.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect(withVr({ pathname: "/", search: "" }));
}
