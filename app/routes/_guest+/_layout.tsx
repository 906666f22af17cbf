import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { GuestHeader } from "~/components/guest-header";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { contactFormData } from "~/routes/contact-form/contact.server";
import { ContactForm } from "~/routes/contact-form/route";

export const handle = { i18n: ["guest"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

/** The guest layout: the guest header (brand, general navigation, language) over the guest pages. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { contact, headers } = await contactFormData(request);
  return data({ contact }, { headers });
}

const guestLinks = [
  ["/welcome", "guest:nav.home"],
  ["/about", "guest:nav.about"],
  ["/contact", "guest:nav.contact"],
  ["/insiders", "guest:nav.insiders"],
  ["/partners", "guest:nav.partners"],
] as const;

/** Pages with the contact footer (spec §2): the marketing pages; /contact holds the form itself. */
const withContactFooter = new Set(["/welcome", "/about", "/insiders", "/partners"]);

export default function GuestLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { contact } = useLoaderData<typeof loader>();
  return (
    <div className="guest-layout">
      <GuestHeader home="/welcome">
        <nav aria-label={t("guest:nav.label")} className="guest-nav">
          {guestLinks.map(([to, label]) => (
            <NavLink key={to} to={to}>
              {t(label)}
            </NavLink>
          ))}
        </nav>
      </GuestHeader>
      <Outlet />
      <footer className="page page-narrow">
        {withContactFooter.has(pathname) ? <ContactForm {...contact} /> : null}
        <p className="footer-links">
          <Link to="/accessibility">{t("footer.accessibility")}</Link>
        </p>
      </footer>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
