import type { HttpHandler } from "msw";
import { json, notFound, readBody, routes, type UserCall } from "../http";
import type { MockContext } from "../store";
import type { MockState, NotificationRecord } from "../types";
import { int, validate } from "../validation";
import { notificationView } from "../views";

/** The user's notifications that were not deleted, newest first. */
export function visibleNotifications(state: MockState, userId: number): NotificationRecord[] {
  return state.notifications
    .filter((item) => item.user_id === userId && !item.deleted)
    .sort((a, b) => b.date.localeCompare(a.date));
}

/** The caller's own notification named by the body's `id`, or a 422/404 reply. */
async function ownNotification(call: UserCall): Promise<NotificationRecord> {
  const input = validate(await readBody(call), { id: "required|integer|min:1" }, call.locale);
  const record = visibleNotifications(call.state, call.user.id).find((item) => item.id === int(input.id));
  if (!record) throw notFound(call.locale);
  return record;
}

/** `/user/user_notifications` and `/user/notifications/{view,delete}` (body `{id}`). */
export function notificationHandlers(ctx: MockContext): HttpHandler[] {
  const { get, post } = routes(ctx);
  return [
    get("/user/user_notifications", ({ state, user }) =>
      json({ user_notifications: visibleNotifications(state, user.id).map(notificationView) }),
    ),

    post("/user/notifications/view", async (call) => {
      const record = await ownNotification(call);
      record.seen = true;
      return json({ success: true, user_notification: notificationView(record) });
    }),

    post("/user/notifications/delete", async (call) => {
      const record = await ownNotification(call);
      record.deleted = true;
      return json({ success: true });
    }),
  ];
}
