import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DialogErrorBoundary } from "~/components/dialog-error-boundary";
import { RouteDialog } from "~/components/route-dialog";
import { mentioned } from "~/domain/search";
import { requireUser } from "~/infra/auth.server";
import { sanitizeLegacyHtml } from "~/infra/sanitize.server";
import { getLearningPaths } from "~/legacy/training.server";
import { getNotifications } from "~/legacy/user.server";
import { useTranslation } from "~/lib/i18n/use-translation";

/** One notification in a dialog over the list (a page of its own without JavaScript). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const [notifications, routes] = await Promise.all([getNotifications(ctx), getLearningPaths(ctx)]);
  const notification = notifications.find((item) => String(item.id) === params.id);
  if (!notification) throw new Response("Not found", { status: 404 });
  // A notification that names an activity ('Nueva actividad disponible') links to its player (issue #29).
  const playable = routes
    .filter((route) => route.active)
    .flatMap((route) =>
      route.courses
        .filter((course) => course.active)
        .flatMap((course) =>
          course.activities.map((activity) => ({
            title: activity.title,
            href: `/learning-path/${encodeURIComponent(route.slug)}/${activity.id}`,
          })),
        ),
    );
  const text = `${notification.title} ${notification.shortDescriptionHtml} ${notification.bodyHtml}`.replace(/<[^>]*>/g, " ");
  return {
    title: notification.title,
    bodyHtml: sanitizeLegacyHtml(notification.bodyHtml || notification.shortDescriptionHtml),
    activity: mentioned(playable, text),
  };
}

export default function NotificationDialog() {
  const { title, bodyHtml, activity } = useLoaderData<typeof loader>();
  const { t } = useTranslation("engagement");
  return (
    <RouteDialog title={title || t("notifications.title")} closeTo="/notifications">
      <div className="legacy-html" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
      {activity ? (
        <p>
          <Link to={activity.href} className="button button-primary">
            {t("notifications.openActivity", { title: activity.title })}
          </Link>
        </p>
      ) : null}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary closeTo="/notifications" />;
}
