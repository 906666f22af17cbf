import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { assertSameOrigin } from "~/infra/same-origin.server";

/** Spec §2: any other path goes to /. */
export function loader() {
  return redirect("/");
}

export function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return redirect("/");
}
