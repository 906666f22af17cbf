import type { SafeFaqCategory } from "~/lib/faq.server";
import { useTranslation } from "~/lib/i18n/use-translation";

/**
 * Native <details> sharing one name: one category open at a time, and clicking the open one
 * closes it, with or without JavaScript.
 */
export function FaqAccordion({ categories }: { categories: SafeFaqCategory[] }) {
  const { t } = useTranslation();
  if (categories.length === 0) return <p>{t("help:noFaq")}</p>;
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
