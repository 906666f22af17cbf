import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";
import { ContactForm } from "~/routes/contact-form/route";
import type { loader as guestLoader } from "./_layout";

export const meta = pageTitle("guest:contactTitle");

/** `/contact`: the contact form on a page of its own; it posts to `/contact-form` like every footer. */
export default function Contact() {
  const layout = useRouteLoaderData<typeof guestLoader>("routes/_guest+/_layout");
  const { t } = useTranslation();
  return (
    <main id="main" className="page page-narrow">
      <h1>{t("guest:contactTitle")}</h1>
      <p>{t("guest:contactIntro")}</p>
      {layout ? <ContactForm {...layout.contact} /> : null}
    </main>
  );
}
