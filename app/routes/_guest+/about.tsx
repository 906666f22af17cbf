import { GuestArticle } from "~/components/guest-article";
import { pageTitle } from "~/lib/page-title";

export const meta = pageTitle("guest:about.title");

export default function Page() {
  return <GuestArticle page="about" />;
}
