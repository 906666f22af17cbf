import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SectionPage } from "~/components/section-page";
import { requireUser } from "~/infra/auth.server";
import { getBadges } from "~/legacy/badges.server";
import { getUserPoints } from "~/legacy/training.server";
import { formatPoints } from "~/lib/format";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";

export const handle = { i18n: ["engagement"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

export const meta = pageTitle("engagement:badges.resultsTitle");

/** `/profile/my_results` (spec §2, opened by the badges navigation): results and badges. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const [points, badges] = await Promise.all([getUserPoints(ctx), getBadges(ctx)]);
  return {
    points: formatPoints(points.points, ctx.locale),
    ranking: points.ranking,
    finished: points.finalizedActivities,
    total: points.totalActivities,
    badges,
  };
}

export default function MyResults() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("engagement");
  return (
    <SectionPage title={t("badges.resultsTitle")}>
      <dl className="card results-summary">
        <div>
          <dt>{t("badges.points")}</dt>
          <dd>{data.points}</dd>
        </div>
        {data.ranking ? (
          <div>
            <dt>{t("badges.ranking")}</dt>
            <dd>{data.ranking}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("badges.activities")}</dt>
          <dd>
            {data.finished}/{data.total}
          </dd>
        </div>
      </dl>
      <h2>{t("badges.title")}</h2>
      <ul className="badge-grid">
        {data.badges.map((badge) => (
          <li key={badge.id} className="card badge" data-earned={badge.earned}>
            {badge.imageUrl ? <img src={badge.imageUrl} alt="" width={72} height={72} loading="lazy" /> : null}
            <strong>{badge.name}</strong>
            <span>{badge.description}</span>
            <span className={`status ${badge.earned ? "status-finished" : "status-not_started"}`}>
              {badge.earned ? t("badges.has") : t("badges.hasNot")}
            </span>
          </li>
        ))}
      </ul>
    </SectionPage>
  );
}
