import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { requireUser } from "~/infra/auth.server";
import { getFixedT } from "~/infra/language.server";
import { redirectWithToast } from "~/infra/toast.server";
import { LegacyError } from "~/legacy/request.server";
import { checkUpdates, markUserNewsViewed } from "~/legacy/user.server";
import { safeRedirect } from "~/lib/safe-redirect";

/** The news modal's 'Continuar' (spec §4): where the welcome flow goes next. */
export const AFTER_WELCOME = "/questionnaires";

export function loader() {
  return redirect("/");
}

/** Marks a pending news item viewed; after `welcome` the onboarding starts, else back to the page. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request);
  const back = safeRedirect((await request.formData()).get("redirectTo"));
  try {
    const { news } = await checkUpdates(ctx);
    const item = news.find((candidate) => candidate.id === Number(params.id));
    if (!item) return redirect(back);
    await markUserNewsViewed(ctx, item.id);
    return redirect(item.key === "welcome" ? AFTER_WELCOME : back);
  } catch (error) {
    if (!(error instanceof LegacyError)) throw error;
    const t = await getFixedT(request);
    return redirectWithToast(back, { type: "error", message: t("errors.generic") });
  }
}
