import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DialogErrorBoundary } from "~/components/dialog-error-boundary";
import { RouteDialog } from "~/components/route-dialog";
import { requireUser } from "~/infra/auth.server";
import { sanitizeLegacyHtml } from "~/infra/sanitize.server";
import { getNotifications } from "~/legacy/user.server";
import { useTranslation } from "~/lib/i18n/use-translation";

/** One notification in a dialog over the list (a page of its own without JavaScript). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const notification = (await getNotifications(ctx)).find((item) => String(item.id) === params.id);
  if (!notification) throw new Response("Not found", { status: 404 });
  return { title: notification.title, bodyHtml: sanitizeLegacyHtml(notification.bodyHtml || notification.shortDescriptionHtml) };
}

export default function NotificationDialog() {
  const { title, bodyHtml } = useLoaderData<typeof loader>();
  const { t } = useTranslation("engagement");
  return (
    <RouteDialog title={title || t("notifications.title")} closeTo="/notifications">
      <div className="legacy-html" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary closeTo="/notifications" />;
}
