import { redirect } from "@remix-run/node";

/** Spec §2: any other path goes to /. */
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
