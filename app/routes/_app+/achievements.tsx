import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { CheckIcon } from "~/components/icons";
import { SectionPage } from "~/components/section-page";
import { stars, STAR_LIMIT } from "~/domain/ranking";
import { requireUser } from "~/infra/auth.server";
import { getProfileProgress, getUserPoints } from "~/legacy/training.server";
import { formatPercent, formatPoints } from "~/lib/format";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";

export const handle = { i18n: ["engagement"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

export const meta = pageTitle("engagement:progress.title");

/** Spec §2 'Avance': routes shown, and trivia courses visible before the 'Recompensas' toggle. */
const ROUTES_SHOWN = 2;
const COURSES_VISIBLE = 4;
/** Spec §9: an evaluation score of 8 or more is highlighted. */
const HIGH_SCORE = 8;
/** Spec §9: the escape-room bar shows 7 when completed. */
const ESCAPE_ROOM_FULL = 7;

/** 'Avance' and 'Mi Progreso', wired to `/training/user_points` and `/training/get_profile_progress`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, session } = await requireUser(request);
  const [points, profileProgress] = await Promise.all([getUserPoints(ctx), getProfileProgress(ctx)]);
  return {
    user: {
      name: session.user.firstName || session.user.fullName,
      fullName: session.user.fullName,
      photoUrl: session.user.photoUrl,
    },
    points: formatPoints(points.points, ctx.locale),
    ranking: points.ranking,
    stars: stars(points.stars),
    leaderEvaluation: points.leaderEvaluation,
    leaderEvaluationScore: points.leaderEvaluationScore,
    expertEvaluation: points.expertEvaluation,
    myProgress: profileProgress,
    routes: points.routes.slice(0, ROUTES_SHOWN).map((route) => ({
      ...route,
      points: formatPoints(route.points, ctx.locale),
      totalPoints: formatPoints(route.totalPoints, ctx.locale),
      courses: route.courses.map((course) => ({ ...course, points: formatPoints(course.points, ctx.locale) })),
    })),
  };
}

export default function Achievements() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("engagement");
  return (
    <SectionPage title={t("progress.title")}>
      <div className="progress-hello">
        <Avatar url={data.user.photoUrl} name={data.user.fullName} size={56} />
        <div>
          <p className="progress-greeting">{t("progress.hello", { name: data.user.name })}</p>
          <p className="progress-summary">
            <strong>{data.points}</strong>
            {data.ranking ? <span> · {t("progress.rank", { rank: data.ranking })}</span> : null}
            <span className="ranking-stars" role="img" aria-label={t("ranking.stars", { count: data.stars })}>
              {" "}
              {"★".repeat(data.stars)}
              <span className="ranking-stars-empty">{"★".repeat(STAR_LIMIT - data.stars)}</span>
            </span>
          </p>
          <Link to="/profile/my_results" className="progress-results">
            {t("common:badge.resultsLink")}
          </Link>
        </div>
      </div>

      <section className="card progress-block" aria-labelledby="my-progress">
        <h2 id="my-progress">{t("progress.mine")}</h2>
        <ul className="bar-list">
          {data.myProgress.map((bar) => (
            <li key={bar.name}>
              <span>{bar.name}</span>
              <progress max={100} value={bar.progress} aria-label={bar.name} />
              <span>{formatPercent(bar.progress, i18n.language)}</span>
            </li>
          ))}
        </ul>
      </section>

      {data.routes.map((route) => (
        <section key={route.id} className="card progress-block" aria-labelledby={`route-${route.id}`}>
          <h2 id={`route-${route.id}`}>{route.name}</h2>
          <div className="progress-row">
            <progress max={100} value={route.progress} aria-label={t("progress.routeProgress", { name: route.name })} />
            <span>{formatPercent(route.progress, i18n.language)}</span>
          </div>
          <p className="progress-points">{t("progress.routePoints", { points: route.points, total: route.totalPoints })}</p>
          <CourseList courses={route.courses.slice(0, COURSES_VISIBLE)} />
          {route.courses.length > COURSES_VISIBLE ? (
            <details className="progress-more">
              <summary>{t("progress.triviaRewards")}</summary>
              <CourseList courses={route.courses.slice(COURSES_VISIBLE)} />
            </details>
          ) : null}
          {route.escapeRoom ? (
            <div className="escape-room-bar">
              <span>{t("progress.escapeRoom")}</span>
              <progress
                max={ESCAPE_ROOM_FULL}
                value={route.escapeRoom.completed ? ESCAPE_ROOM_FULL : 0}
                aria-label={t("progress.escapeRoom")}
              />
              <span
                className={`status status-${route.escapeRoom.completed ? "finished" : route.escapeRoom.locked ? "locked" : "not_started"}`}
              >
                {route.escapeRoom.completed ? <CheckIcon className="icon icon-small" /> : null}
                {route.escapeRoom.completed
                  ? t("progress.completed")
                  : route.escapeRoom.locked
                    ? t("progress.locked")
                    : t("progress.notStarted")}
              </span>
            </div>
          ) : null}
        </section>
      ))}

      <section className="card progress-block" aria-labelledby="evaluations">
        <h2 id="evaluations">{t("progress.evaluations")}</h2>
        <dl className="meta-list">
          <div>
            <dt>{t("progress.leaderEvaluation")}</dt>
            <dd>
              {data.leaderEvaluation === "completed" ? t("progress.completed") : t("progress.notStarted")}
              {data.leaderEvaluationScore === null ? null : (
                <span className="score" data-high={data.leaderEvaluationScore >= HIGH_SCORE}>
                  {t("progress.score", { score: data.leaderEvaluationScore })}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t("progress.expertEvaluation")}</dt>
            <dd>{data.expertEvaluation === "completed" ? t("progress.expert") : t("progress.notStarted")}</dd>
          </div>
        </dl>
      </section>

      <section className="card progress-block" aria-labelledby="directed">
        <h2 id="directed">{t("progress.directed")}</h2>
        <p className="empty">{t("progress.comingSoon")}</p>
      </section>
    </SectionPage>
  );
}

function CourseList({
  courses,
}: {
  courses: Array<{ id: number; name: string; completed: number; total: number; points: string }>;
}) {
  const { t } = useTranslation("engagement");
  return (
    <ul className="course-rewards">
      {courses.map((course) => (
        <li key={course.id}>
          <span className="course-name">{course.name}</span>
          <span>{t("progress.courseDone", { done: course.completed, total: course.total })}</span>
          <strong>{course.points}</strong>
        </li>
      ))}
    </ul>
  );
}
