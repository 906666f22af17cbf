import { sanitizeLegacyHtml } from "~/infra/sanitize.server";
import { getFaq } from "~/legacy/help.server";
import type { LegacyContext } from "~/legacy/request.server";

export type SafeFaqCategory = { name: string; faqs: Array<{ question: string; answerHtml: string }> };

/** The FAQ of `/faq` with every answer sanitised, for the FAQ page and the home FAQ block. */
export async function getSafeFaq(ctx: LegacyContext): Promise<SafeFaqCategory[]> {
  const categories = await getFaq(ctx);
  return categories.map((category) => ({
    name: category.name,
    faqs: category.faqs.map((faq) => ({ question: faq.question, answerHtml: sanitizeLegacyHtml(faq.answerHtml) })),
  }));
}
