import type { HttpHandler } from "msw";
import { json, readBody, routes } from "../http";
import { t } from "../i18n";
import { type MockContext, nextId, now } from "../store";
import type { MockState, SupportRecord } from "../types";
import { int, rejectField, text, validate } from "../validation";

function supportView(state: MockState, record: SupportRecord) {
  const category = state.catalogue.support_categories.find((item) => item.id === record.support_category_id);
  const subCategory = category?.sub_categories.find((item) => item.id === record.support_sub_category_id);
  return {
    id: record.id,
    subject: record.subject,
    app_section: record.app_section,
    your_device: record.your_device,
    comment: record.comment,
    status: record.status,
    support_category: category ? { id: category.id, name: category.name } : null,
    support_sub_category: subCategory ?? null,
    created_at: record.created_at,
  };
}

const supportsOf = (state: MockState, userId: number) =>
  state.supports
    .filter((record) => record.user_id === userId)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map((record) => supportView(state, record));

/** Support requests: the user's list, the categories and `POST /support/save` (spec §5 rules). */
export function supportHandlers(ctx: MockContext): HttpHandler[] {
  const { get, post } = routes(ctx);
  return [
    get("/support", ({ state, user }) => json({ supports: supportsOf(state, user.id) })),
    get("/support/categories", ({ state }) => json({ support_categories: state.catalogue.support_categories })),

    post("/support/save", async (call) => {
      const { locale, state, user } = call;
      const input = validate(
        await readBody(call),
        {
          subject: "required|string|min:8|max:128",
          device: "required|string|min:3|max:128",
          app_section: "required|string|min:1|max:128",
          support_category: "required|integer|min:1",
          support_sub_category: "required|integer|min:1",
          comment: "required|string|min:1|max:1024",
        },
        locale,
      );
      const category = state.catalogue.support_categories.find((item) => item.id === int(input.support_category));
      if (!category) rejectField(locale, "support_category", t(locale, "invalid"));
      if (!category.sub_categories.some((item) => item.id === int(input.support_sub_category))) {
        rejectField(locale, "support_sub_category", t(locale, "invalid"));
      }
      state.supports.push({
        id: nextId(state.supports),
        user_id: user.id,
        subject: text(input.subject),
        app_section: text(input.app_section),
        your_device: text(input.device),
        comment: text(input.comment),
        support_category_id: category.id,
        support_sub_category_id: int(input.support_sub_category),
        status: "Pendiente",
        created_at: now(),
      });
      return json({ success: true, message: t(locale, "supportSent"), supports: supportsOf(state, user.id) });
    }),
  ];
}
