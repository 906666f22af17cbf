import type { ActionFunctionArgs } from "@remix-run/node";
import { useActionData, useRouteLoaderData } from "@remix-run/react";
import { ContactForm } from "~/components/contact-form";
import { contactAction } from "~/lib/contact-form.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";
import type { loader as guestLoader } from "./_layout";

export const meta = pageTitle("guest.contactTitle");

/** The contact footer's action, for guests and signed-in users alike (`/contact/send_comment` is public). */
export const action = ({ request }: ActionFunctionArgs) => contactAction(request);

export default function Contact() {
  const layout = useRouteLoaderData<typeof guestLoader>("routes/_guest+/_layout");
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <main id="main" className="page page-narrow">
      <h1>{t("guest.contactTitle")}</h1>
      <p>{t("guest.contactIntro")}</p>
      {layout ? <ContactForm {...layout.contact} pageReply={actionData} /> : null}
    </main>
  );
}
