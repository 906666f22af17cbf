import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { SectionPage } from "~/components/section-page";
import { shortName, titleCase } from "~/domain/names";
import { splitRanking, STAR_LIMIT, stars } from "~/domain/ranking";
import { requireUser } from "~/infra/auth.server";
import { getRanking } from "~/legacy/ranking.server";
import { formatPoints } from "~/lib/format";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";

export const handle = { i18n: ["engagement"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

export const meta = pageTitle("engagement:ranking.title");

/** 'Mejores rankings' (spec §2) from `GET /ranking_users`: the top 10, and the user's row at 11+. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, session } = await requireUser(request);
  const { rows, me } = await getRanking(ctx);
  const { top, own } = splitRanking(rows, me);
  const view = (row: (typeof rows)[number]) => ({
    id: row.id,
    name: shortName(titleCase(row.name)),
    fullName: titleCase(row.name),
    ranking: row.ranking,
    points: formatPoints(row.points, ctx.locale),
    stars: stars(row.stars),
    photoUrl: row.photoUrl,
    isMe: row.id === session.user.id,
  });
  return { top: top.map(view), own: own ? view(own) : null };
}

export default function Ranking() {
  const { top, own } = useLoaderData<typeof loader>();
  const { t } = useTranslation("engagement");
  return (
    <SectionPage title={t("ranking.title")}>
      <ol className="ranking-list">
        {top.map((row) => (
          <RankingRow key={row.id} row={row} />
        ))}
      </ol>
      {own ? (
        <>
          <h2 className="ranking-own-title">{t("ranking.yourPosition")}</h2>
          <ol className="ranking-list ranking-own" start={own.ranking}>
            <RankingRow row={own} />
          </ol>
        </>
      ) : null}
    </SectionPage>
  );
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["top"][number];

function RankingRow({ row }: { row: Row }) {
  const { t } = useTranslation("engagement");
  return (
    <li className="ranking-row" data-top={row.ranking <= 10} data-me={row.isMe} value={row.ranking}>
      <span className="ranking-position" aria-hidden="true">
        {row.ranking}
      </span>
      <Avatar url={row.photoUrl} name={row.fullName} size={40} />
      <span className="ranking-name" title={row.fullName}>
        {row.name}
        {row.isMe ? <span className="visually-hidden"> {t("ranking.you")}</span> : null}
      </span>
      <span className="ranking-stars" role="img" aria-label={t("ranking.stars", { count: row.stars })}>
        {"★".repeat(row.stars)}
        <span className="ranking-stars-empty">{"★".repeat(STAR_LIMIT - row.stars)}</span>
      </span>
      <span className="ranking-points">{row.points}</span>
    </li>
  );
}
