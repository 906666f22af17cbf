import { useRouteLoaderData } from "@remix-run/react";
import { ContactForm } from "~/routes/contact-form/route";
import type { loader as homeLoader } from "./_layout";

/**
 * `/`: home itself, with no activity open (the page is the `_home+/_layout`'s, so a dialog opens
 * over it). It ends with the contact footer; under a dialog the page renders the footer itself.
 */
export default function HomeIndex() {
  const home = useRouteLoaderData<typeof homeLoader>("routes/_app+/_home+/_layout");
  return home && "contact" in home ? <ContactForm {...home.contact} /> : null;
}
