import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContactForm } from "~/components/contact-form";
import { requireUser } from "~/lib/auth.server";
import { getUserInfo } from "~/lib/legacy/user.server";

export const meta: MetaFunction = () => [{ title: "Academia · Inicio" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const user = await getUserInfo(ctx);
  return {
    name: user.fullName || `${user.firstName} ${user.lastName}`.trim(),
    contactSubmissionId: crypto.randomUUID(),
  };
}

/** Home (spec §2): a layout, so the activity player (`/:activity`) opens as a dialog over it. */
export default function Home() {
  const { name, contactSubmissionId } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main id="main" className="page">
      <h1 className="greeting">
        {t("home.greeting")} <span className="greeting-name">{name}</span>
      </h1>
      <ContactForm submissionId={contactSubmissionId} />
      <Outlet />
    </main>
  );
}
