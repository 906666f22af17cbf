import type { HttpHandler } from "msw";
import { json, routes } from "../http";
import type { MockContext } from "../store";

/** FAQ: `GET /faq` (categories with their HTML answers) and `GET /faq_categories`. */
export function faqHandlers(ctx: MockContext): HttpHandler[] {
  const { get } = routes(ctx);
  return [
    get("/faq", ({ state }) => json({ faq: state.catalogue.faq_categories })),
    get("/faq_categories", ({ state }) =>
      json({ faq_categories: state.catalogue.faq_categories.map(({ id, name }) => ({ id, name })) }),
    ),
  ];
}
