import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { SectionPage } from "~/components/section-page";
import { requireUser } from "~/lib/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  const { t } = useTranslation();
  return <SectionPage title={t("pages.achievements")} />;
}
