import { GuestArticle } from "~/components/guest-article";
import { pageTitle } from "~/lib/page-title";

export const meta = pageTitle("guest:partners.title");

export default function Page() {
  return <GuestArticle page="partners" />;
}
