import type { MetaFunction } from "@remix-run/node";
import { GuestArticle } from "~/components/guest-article";

export const meta: MetaFunction = () => [{ title: "Academia · Insiders" }];

export default function Page() {
  return <GuestArticle page="insiders" />;
}
