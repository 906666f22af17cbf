import { redirect } from "@remix-run/node";

/** The spec's variant written without the leading slash resolves to `/profile/my_results`. */
export function loader() {
  return redirect("/profile/my_results");
}
