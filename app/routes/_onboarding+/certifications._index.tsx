import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/infra/auth.server";
import { getProfileInfo } from "~/legacy/user.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { stepMeta } from "~/lib/onboarding-steps";

export const meta = stepMeta("certifications");

/** The certifications intro (spec §2 'Onboarding'), with the certifications already saved. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const user = await getProfileInfo(ctx);
  return { certificates: user.certificates.map(({ id, name, type, institution }) => ({ id, name, type, institution })) };
}

export default function Certifications() {
  const { certificates } = useLoaderData<typeof loader>();
  const { t } = useTranslation("onboarding");
  return (
    <>
      <h1>{t("certifications.title")}</h1>
      <p>{t("certifications.intro")}</p>
      {certificates.length > 0 ? (
        <section aria-labelledby="saved-certificates">
          <h2 id="saved-certificates">{t("certifications.saved")}</h2>
          <ul className="card-list">
            {certificates.map((certificate) => (
              <li key={certificate.id ?? certificate.name} className="card">
                <p className="card-title">{certificate.name}</p>
                <p className="onboarding-muted">
                  {t(`certification.types.${certificate.type}`)} · {certificate.institution}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="stack onboarding-actions">
        <Link to="/certifications/new" className="button button-primary">
          {t("certifications.enter")}
        </Link>
        <Link to="/select_learning_path" className="button">
          {t("certifications.skip")}
        </Link>
      </div>
    </>
  );
}
