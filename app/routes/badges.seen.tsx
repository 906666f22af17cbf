import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "~/infra/auth.server";
import { viewBadge } from "~/legacy/badges.server";
import { safeRedirect } from "~/lib/safe-redirect";

export function loader() {
  return redirect("/");
}

/** Marks a newly earned badge as seen (the dialog already hid it) and goes back. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request);
  const form = await request.formData();
  const parsed = z.coerce.number().int().positive().safeParse(form.get("id"));
  if (parsed.success) await viewBadge(ctx, parsed.data).catch(() => undefined);
  return redirect(safeRedirect(form.get("redirectTo")));
}
