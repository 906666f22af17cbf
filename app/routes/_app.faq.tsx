import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/section-page";
import { requireUser } from "~/lib/auth.server";
import { getFaq } from "~/lib/legacy/help.server";
import { sanitizeLegacyHtml } from "~/lib/sanitize.server";

export const meta: MetaFunction = () => [{ title: "Academia · FAQs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const categories = await getFaq(ctx);
  return {
    categories: categories.map((category) => ({
      name: category.name,
      faqs: category.faqs.map((faq) => ({ question: faq.question, answerHtml: sanitizeLegacyHtml(faq.answerHtml) })),
    })),
  };
}

export default function Faq() {
  const { categories } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <SectionPage title={t("pages.faq")}>
      <div className="button-row">
        <Link to="/faq/suggestion" className="button" preventScrollReset>
          {t("help.suggestions")}
        </Link>
        <Link to="/support" className="button button-primary">
          {t("help.support")}
        </Link>
      </div>
      <FaqAccordion categories={categories} />
      <Outlet />
    </SectionPage>
  );
}

/**
 * Native <details> sharing one name: one category open at a time, and clicking the open one
 * closes it, with or without JavaScript.
 */
export function FaqAccordion({ categories }: { categories: Array<{ name: string; faqs: Array<{ question: string; answerHtml: string }> }> }) {
  const { t } = useTranslation();
  if (categories.length === 0) return <p>{t("help.noFaq")}</p>;
  return (
    <div className="accordion">
      {categories.map((category) => (
        <details key={category.name} name="faq-category" className="accordion-item">
          <summary>{category.name}</summary>
          <dl className="faq-list">
            {category.faqs.map((faq) => (
              <div key={faq.question}>
                <dt>{faq.question}</dt>
                <dd className="legacy-html" dangerouslySetInnerHTML={{ __html: faq.answerHtml }} />
              </div>
            ))}
          </dl>
        </details>
      ))}
    </div>
  );
}
