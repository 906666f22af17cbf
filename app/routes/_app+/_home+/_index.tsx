import type { ActionFunctionArgs } from "@remix-run/node";
import { useActionData, useRouteLoaderData } from "@remix-run/react";
import { ContactForm } from "~/components/contact-form";
import { contactAction } from "~/lib/contact-form.server";
import type { loader as homeLoader } from "./_layout";

/**
 * `/`: home itself, with no activity open (the content is the `_home+/_layout`). It ends with
 * the contact footer, whose posts without JavaScript come here (`POST /?index`), so a signed-in
 * learner stays on home and sees the answer at the form (issue #14).
 */
export const action = ({ request }: ActionFunctionArgs) => contactAction(request);

export default function HomeIndex() {
  const home = useRouteLoaderData<typeof homeLoader>("routes/_app+/_home+/_layout");
  const reply = useActionData<typeof action>();
  return home ? <ContactForm {...home.contact} action="/?index" pageReply={reply} /> : null;
}
