import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SectionPage } from "~/components/section-page";
import { requireUser } from "~/infra/auth.server";
import { getTriviaGames } from "~/legacy/trivia.server";
import { formatPoints } from "~/lib/format";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";

export const handle = { i18n: ["engagement"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

export const meta = pageTitle("engagement:trivia.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const games = await getTriviaGames(ctx);
  return {
    games: games.map((game) => ({
      id: game.id,
      title: game.title,
      description: game.description,
      questions: game.questions.length,
      totalPoints: formatPoints(game.totalPoints, ctx.locale),
      bestScore: game.bestScore,
    })),
  };
}

export default function Trivia() {
  const { games } = useLoaderData<typeof loader>();
  const { t } = useTranslation("engagement");
  return (
    <SectionPage title={t("trivia.title")}>
      {games.length === 0 ? (
        <p className="empty">{t("trivia.none")}</p>
      ) : (
        <ul className="card-list">
          {games.map((game) => (
            <li key={game.id} className="card trivia-card">
              <h2 className="card-title">{game.title}</h2>
              {game.description ? <p>{game.description}</p> : null}
              <p className="trivia-meta">{t("trivia.meta", { count: game.questions, points: game.totalPoints })}</p>
              {game.bestScore ? (
                <p className="trivia-best">
                  {t("trivia.best", { correct: game.bestScore.correct, total: game.bestScore.total })}
                </p>
              ) : null}
              <Link
                to={`/trivia/${game.id}`}
                className="button button-primary"
                aria-label={t("trivia.playGame", { title: game.title })}
              >
                {game.bestScore ? t("trivia.playAgain") : t("trivia.play")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionPage>
  );
}
