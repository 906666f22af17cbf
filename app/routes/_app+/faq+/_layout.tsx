import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { FaqAccordion } from "~/components/faq-accordion";
import { SectionPage } from "~/components/section-page";
import { requireUser } from "~/infra/auth.server";
import { unlessAfterAction } from "~/infra/form-errors.server";
import { getSafeFaq } from "~/lib/faq.server";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";

export const handle = { i18n: ["help"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

export const meta = pageTitle("pages.faq");

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  return { categories: await unlessAfterAction(request, ctx, getSafeFaq, []) };
}

export default function Faq() {
  const { categories } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <SectionPage title={t("pages.faq")}>
      <div className="button-row">
        <Link to="/faq/suggestion" className="button" preventScrollReset>
          {t("help:suggestions")}
        </Link>
        <Link to="/support" className="button button-primary">
          {t("help:support")}
        </Link>
      </div>
      <FaqAccordion categories={categories} />
      <Outlet />
    </SectionPage>
  );
}
