import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { dataSaverCookie } from "~/infra/data-saver.server";
import { assertSameOrigin } from "~/infra/same-origin.server";
import { safeRedirect } from "~/lib/safe-redirect";

export async function loader() {
  return redirect("/");
}

/** The footer's data-saver switch: remembers the learner's choice, then goes back. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const to = safeRedirect(form.get("redirectTo"));
  const choice = form.get("saveData");
  if (choice !== "on" && choice !== "off") return redirect(to);
  return redirect(to, { headers: { "Set-Cookie": await dataSaverCookie.serialize(choice) } });
}
