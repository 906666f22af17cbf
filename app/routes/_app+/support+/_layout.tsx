import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { BackButton } from "~/components/back-button";
import { SectionPage } from "~/components/section-page";
import { requireUser } from "~/infra/auth.server";
import { unlessAfterAction } from "~/infra/form-errors.server";
import { getSupportRequests } from "~/legacy/help.server";
import { formatDate } from "~/lib/format";
import { ACTIVITY_SECTION, appSections } from "~/lib/forms/options";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";
import { notAfterSteps } from "~/lib/revalidate";

export const handle = { i18n: ["help"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

export const meta = pageTitle("pages.support");

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const requests = await unlessAfterAction(request, ctx, getSupportRequests, []);
  return {
    requests: requests.map((item) => ({ ...item, date: formatDate(item.createdAt, ctx.locale) })),
  };
}

/** The new request's review and edit steps (`support+/new.($activity)`) change nothing: the list stays. */
export const shouldRevalidate = notAfterSteps("edit", "confirm");

export default function Support() {
  const { requests } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // The legacy API keeps the Spanish value the form sent; a known one reads in the page's language.
  const sectionName = (value: string) => {
    const known = ([...appSections, ACTIVITY_SECTION] as const).find((section) => section === value);
    return known ? t(`help:sections.${known}`) : value;
  };
  return (
    <SectionPage title={t("pages.support")}>
      <div className="button-row">
        <BackButton />
        <Link to="/support/new" className="button button-primary" preventScrollReset>
          {t("help:newRequest")}
        </Link>
      </div>
      {requests.length === 0 ? (
        <div className="empty-state">
          <p>
            <strong>{t("help:noRequests")}</strong>
          </p>
          <p>{t("help:noRequestsHint")}</p>
        </div>
      ) : (
        <ul className="card-list">
          {requests.map((item, index) => (
            <li key={item.id ?? index} className="card">
              <h2 className="card-title">{item.subject}</h2>
              <dl className="meta-list">
                <div>
                  <dt>{t("help:section")}</dt>
                  <dd>{sectionName(item.appSection)}</dd>
                </div>
                <div>
                  <dt>{t("help:device")}</dt>
                  <dd>{item.device}</dd>
                </div>
                <div>
                  <dt>{t("help:date")}</dt>
                  <dd>{item.date}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </SectionPage>
  );
}
