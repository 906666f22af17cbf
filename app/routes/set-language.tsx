import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { isLng } from "~/i18n";
import { localeCookie } from "~/infra/language.server";
import { assertSameOrigin } from "~/infra/same-origin.server";
import { safeRedirect } from "~/lib/safe-redirect";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const lng = form.get("lng");
  const to = safeRedirect(form.get("redirectTo"));
  if (!isLng(lng)) return redirect(to);
  return redirect(to, { headers: { "Set-Cookie": await localeCookie.serialize(lng) } });
}
