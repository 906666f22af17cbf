import { z } from "zod/v4";
import { cachedLegacyRequest, type LegacyContext, legacyRequest } from "./request.server";
import { id, messageSchema, namedSchema, text } from "./schemas/common.server";

/** FAQ, support, suggestions and the contact form (spec §7). */
const TEN_MINUTES = 10 * 60 * 1000;

const faqCategorySchema = z
  .object({
    id: id.optional(),
    name: z.string(),
    faqs: z.array(z.object({ id: id.optional(), name: z.string(), content: z.string().nullish() }).passthrough()).nullish(),
  })
  .passthrough()
  .transform((category) => ({
    id: category.id ?? null,
    name: category.name,
    faqs: (category.faqs ?? []).map((faq) => ({ id: faq.id ?? null, question: faq.name, answerHtml: faq.content ?? "" })),
  }));

export type FaqCategory = z.output<typeof faqCategorySchema>;

const faqReply = z.object({ faq: z.array(faqCategorySchema) }).transform((reply) => reply.faq);

/** `GET /faq`: reads `faq` (public, cached). */
export function getFaq(ctx: LegacyContext) {
  return cachedLegacyRequest(ctx, `faq:${ctx.locale}`, TEN_MINUTES, {
    method: "GET",
    path: "/faq",
    schema: faqReply,
  });
}

const supportRequestSchema = z
  .object({
    id: id.optional(),
    subject: z.string(),
    app_section: z.string().nullish(),
    your_device: z.string().nullish(),
    device: z.string().nullish(),
    comment: text,
    status: text,
    support_category: namedSchema.nullish(),
    support_sub_category: namedSchema.nullish(),
    created_at: z.string().nullish(),
  })
  .passthrough()
  .transform((request) => ({
    id: request.id ?? null,
    subject: request.subject,
    appSection: request.app_section ?? "",
    device: request.your_device ?? request.device ?? "",
    comment: request.comment,
    status: request.status,
    category: request.support_category ?? null,
    subCategory: request.support_sub_category ?? null,
    createdAt: request.created_at ?? null,
  }));

const supportsSchema = z.object({ supports: z.array(supportRequestSchema) }).passthrough();

/** `GET /support`: the user's support requests. */
export function getSupportRequests(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/support",
    schema: supportsSchema.transform((reply) => reply.supports),
  });
}

const supportCategoriesReply = z
  .object({
    support_categories: z.array(
      z
        .object({ id, name: z.string(), sub_categories: z.array(namedSchema).nullish() })
        .passthrough()
        .transform((category) => ({ id: category.id, name: category.name, subCategories: category.sub_categories ?? [] })),
    ),
  })
  .transform((reply) => reply.support_categories);

/** `GET /support/categories`: categories with their sub-categories (cached). */
export function getSupportCategories(ctx: LegacyContext) {
  return cachedLegacyRequest(ctx, `support_categories:${ctx.locale}`, TEN_MINUTES, {
    method: "GET",
    path: "/support/categories",
    schema: supportCategoriesReply,
  });
}

export type SupportPayload = {
  subject: string;
  device: string;
  app_section: string;
  support_category: number;
  support_sub_category: number;
  comment: string;
};

/** `POST /support/save`: answers with the updated list and a message. */
export function saveSupportRequest(ctx: LegacyContext, body: SupportPayload) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/support/save",
    body,
    schema: supportsSchema
      .extend({ message: z.string().nullish() })
      .transform((reply) => ({ supports: reply.supports, message: reply.message ?? "" })),
  });
}

const suggestionCategoriesReply = z
  .object({ suggestion_categories: z.array(namedSchema) })
  .transform((reply) => reply.suggestion_categories);

/** `GET /suggestion/categories` (cached). */
export function getSuggestionCategories(ctx: LegacyContext) {
  return cachedLegacyRequest(ctx, `suggestion_categories:${ctx.locale}`, TEN_MINUTES, {
    method: "GET",
    path: "/suggestion/categories",
    schema: suggestionCategoriesReply,
  });
}

/** `POST /suggestion/save`. */
export function saveSuggestion(ctx: LegacyContext, body: { suggestion_category_id: number; content: string }) {
  return legacyRequest(ctx, { method: "POST", path: "/suggestion/save", body, schema: messageSchema });
}

/** `POST /contact/send_comment` (public). */
export function sendContactComment(ctx: LegacyContext, body: { name: string; phone: string; email: string; comment: string }) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/contact/send_comment",
    body,
    schema: messageSchema,
  });
}
