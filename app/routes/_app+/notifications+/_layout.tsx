import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Outlet, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { SectionPage } from "~/components/section-page";
import { elapsed } from "~/domain/time";
import { requireUser } from "~/infra/auth.server";
import { getFixedT } from "~/infra/language.server";
import { sanitizeLegacyHtml } from "~/infra/sanitize.server";
import { redirectWithToast } from "~/infra/toast.server";
import { LegacyError } from "~/legacy/request.server";
import { deleteNotification, getNotifications, markNotificationSeen } from "~/legacy/user.server";
import { notificationIntentSchema } from "~/lib/forms/notifications.server";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";

export const handle = { i18n: ["engagement"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

export const meta = pageTitle("engagement:notifications.title");

/** Spec §4: delete confirms, collapses the card (0.5 s), deletes 0.3 s later, clears 0.3 s after. */
const COLLAPSE_MS = 500;
const DELETE_AFTER_MS = 300;
const CLEAR_AFTER_MS = 300;

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const notifications = await getNotifications(ctx);
  const now = new Date();
  return {
    notifications: notifications.map((item) => ({
      id: item.id,
      title: item.title,
      shortHtml: sanitizeLegacyHtml(item.shortDescriptionHtml),
      seen: item.seen,
      elapsed: elapsed(item.date, now),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request);
  const parsed = notificationIntentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return redirect("/notifications");
  const { intent, id } = parsed.data;
  const t = await getFixedT(request);
  try {
    if (intent === "view") {
      await markNotificationSeen(ctx, id);
      return redirect(`/notifications/${id}`);
    }
    await deleteNotification(ctx, id);
    return await redirectWithToast("/notifications", { type: "success", message: t("server:engagement.notifications.deleted") });
  } catch (error) {
    if (!(error instanceof LegacyError)) throw error;
    const message = intent === "view" ? t("server:common.errors.toast") : t("server:engagement.notifications.deleteFailed");
    return redirectWithToast("/notifications", { type: "error", message });
  }
}

export default function Notifications() {
  const { notifications } = useLoaderData<typeof loader>();
  const { t } = useTranslation("engagement");
  return (
    <SectionPage title={t("notifications.title")}>
      {notifications.length === 0 ? (
        <div className="empty-state">
          <p>
            <strong>{t("notifications.empty")}</strong>
          </p>
          <p>{t("notifications.emptyHint")}</p>
        </div>
      ) : (
        <ul className="card-list notification-list">
          {notifications.map((notification) => (
            <NotificationCard key={notification.id} notification={notification} />
          ))}
        </ul>
      )}
      <Outlet />
    </SectionPage>
  );
}

type NotificationView = ReturnType<typeof useLoaderData<typeof loader>>["notifications"][number];

function NotificationCard({ notification }: { notification: NotificationView }) {
  const { t } = useTranslation("engagement");
  const viewer = useFetcher<typeof action>();
  const remover = useFetcher<typeof action>();
  const [collapsed, setCollapsed] = useState(false);
  // Optimistic (spec §4): the card reads as seen from the moment it is opened.
  const seen = notification.seen || viewer.state !== "idle";

  // A deleted card leaves the list when it revalidates; one still here once the call is over
  // failed (the toast says so) and comes back.
  const [submitted, setSubmitted] = useState(false);
  const removing = remover.state !== "idle";
  useEffect(() => {
    if (!submitted || removing) return;
    const timer = setTimeout(() => {
      setCollapsed(false);
      setSubmitted(false);
    }, CLEAR_AFTER_MS);
    return () => clearTimeout(timer);
  }, [submitted, removing]);

  const remove = () => {
    setCollapsed(true);
    setTimeout(() => {
      setSubmitted(true);
      remover.submit({ intent: "delete", id: notification.id }, { method: "post" });
    }, COLLAPSE_MS + DELETE_AFTER_MS);
  };

  return (
    <li className="card notification" data-seen={seen} data-collapsed={collapsed}>
      <viewer.Form method="post" className="notification-open">
        <input type="hidden" name="id" value={notification.id} />
        <button type="submit" name="intent" value="view" className="notification-button">
          <span className="card-title">{notification.title}</span>
          {seen ? null : <span className="visually-hidden">{t("notifications.unseen")}</span>}
        </button>
      </viewer.Form>
      <div className="legacy-html notification-summary" dangerouslySetInnerHTML={{ __html: notification.shortHtml }} />
      <p className="notification-time">
        {t("notifications.ago", { time: t(`time.${notification.elapsed.unit}`, { count: notification.elapsed.count }) })}
      </p>
      <details className="notification-menu">
        <summary aria-label={t("notifications.more")}>⋯</summary>
        <details className="notification-confirm">
          <summary className="button button-danger">{t("notifications.delete")}</summary>
          <p>{t("notifications.confirm")}</p>
          <Form
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              remove();
            }}
          >
            <input type="hidden" name="id" value={notification.id} />
            <button type="submit" name="intent" value="delete" className="button button-danger">
              {t("notifications.confirmYes")}
            </button>
          </Form>
        </details>
      </details>
    </li>
  );
}
