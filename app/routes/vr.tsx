import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { PinCounter } from "~/components/pin-counter";
import { SectionPage } from "~/components/section-page";
import { requireUser } from "~/lib/auth.server";
import { getVrPin } from "~/lib/legacy/general.server";
import { pageTitle } from "~/lib/page-title";

export const meta = pageTitle("pages.vr");

/** 'Experiencia VR': the PIN that links the headset's progress to the learner (fetched on open). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  return { pin: await getVrPin(ctx) };
}

export default function Vr() {
  const { pin } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <SectionPage title={t("pages.vr")}>
      <p>{t("vr.intro")}</p>
      <PinCounter digits={pin} />
      <p>
        <Link to="/" className="button">
          {t("dialog.close")}
        </Link>
      </p>
    </SectionPage>
  );
}
