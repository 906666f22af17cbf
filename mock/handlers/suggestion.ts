import type { HttpHandler } from "msw";
import { json, readBody, routes } from "../http";
import { t } from "../i18n";
import { type MockContext, nextId, now } from "../store";
import { int, rejectField, text, validate } from "../validation";

/** Suggestions: `GET /suggestion/categories` and `POST /suggestion/save`. */
export function suggestionHandlers(ctx: MockContext): HttpHandler[] {
  const { get, post } = routes(ctx);
  return [
    get("/suggestion/categories", ({ state }) => json({ suggestion_categories: state.catalogue.suggestion_categories })),

    post("/suggestion/save", async (call) => {
      const input = validate(
        await readBody(call),
        { suggestion_category_id: "required|numeric|min:1", content: "required|string|min:1|max:128" },
        call.locale,
      );
      const categoryId = int(input.suggestion_category_id);
      if (!call.state.catalogue.suggestion_categories.some((item) => item.id === categoryId)) {
        rejectField(call.locale, "suggestion_category_id", t(call.locale, "invalid"));
      }
      const suggestion = {
        id: nextId(call.state.suggestions),
        user_id: call.user.id,
        suggestion_category_id: categoryId,
        content: text(input.content),
        created_at: now(),
      };
      call.state.suggestions.push(suggestion);
      return json({ success: true, message: t(call.locale, "suggestionSent"), suggestion });
    }),
  ];
}
