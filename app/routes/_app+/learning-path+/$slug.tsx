import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useOutlet } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { ActivityCard } from "~/components/learning/cards";
import { Carousel } from "~/components/learning/carousel";
import { SaveOffline } from "~/components/save-offline";
import { formatPercent } from "~/lib/format";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { COVERED, type Covered, coveredDocument, revalidateBeneath, usePageBeneath } from "~/lib/page-beneath";
import { pageTitle } from "~/lib/page-title";
import {
  activityRecords,
  activityResult,
  activityStatus,
  getConfig,
  getLearningPaths,
  getUserProgress,
  isEscapeRoomLocked,
  recordOf,
  redirect,
  requireUser,
  routeProgress,
  savesOffline,
} from "./route-page.server";

export const handle = { i18n: ["learning", "offline"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

export const meta = pageTitle<typeof loader>((_t, data) => (data && "route" in data ? data.route.name : undefined));

const ROUTE_ID = "routes/_app+/learning-path+/$slug";
export const shouldRevalidate = revalidateBeneath(ROUTE_ID);

/**
 * The learning-path page (spec §2): the route's courses and activities with their states. A route
 * not yet open shows its name and 'Próximamente' instead, so the levels carousel can move to it.
 * None of it under a player's document (the player's own loader reads the routes it needs).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx, session } = await requireUser(request);
  if (coveredDocument(params, context)) return COVERED;
  const [routes, progress] = await Promise.all([getLearningPaths(ctx), getUserProgress(ctx)]);
  const route = routes.find((candidate) => candidate.slug === params.slug);
  if (!route) throw redirect("/");
  const records = activityRecords(progress);
  const locked = isEscapeRoomLocked(routes, route.id, records);
  return {
    learner: session.user.id,
    routes: routes.map((item) => ({
      slug: item.slug,
      name: item.name,
      shortDescription: item.shortDescription,
      active: item.active,
      progress: routeProgress(item, records),
    })),
    route: { slug: route.slug, name: route.name, shortDescription: route.shortDescription, active: route.active },
    courses: (route.active ? route.courses : []).map((course) => ({
      name: course.name,
      comingSoon: !course.active,
      activities: course.activities.map((activity) => ({
        id: activity.id,
        title: activity.title,
        description: activity.description,
        courseName: course.name,
        contentTypeName: activity.contentType.name,
        coverUrl: activity.coverUrl,
        status: activity.isEscapeRoom && locked ? ("locked" as const) : activityStatus(activity.id, records),
        result: activityResult(recordOf(progress, activity.id)),
        savesOffline: savesOffline(activity, getConfig().FILES_HOST_URL),
      })),
    })),
  };
}

export default function LearningPath() {
  const data = usePageBeneath(ROUTE_ID, useLoaderData<typeof loader>());
  // A player open over the page: its content, not the first card's cover, is the largest paint.
  const player = useOutlet();
  // The player keeps its place in the tree whether the page is there or comes in beneath it.
  return (
    <main id="main" className="page learning-path">
      {data ? <RoutePage data={data} playerOpen={player !== null} /> : null}
      {player}
    </main>
  );
}

type RoutePageData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, Covered>;

function RoutePage({ data, playerOpen }: { data: RoutePageData; playerOpen: boolean }) {
  const { routes, route, courses, learner } = data;
  const { t, i18n } = useTranslation("learning");
  const navigate = useNavigate();
  const current = routes.findIndex((item) => item.slug === route.slug);
  const routePage = `/learning-path/${route.slug}`;
  const saveTargets = courses
    .filter((course) => !course.comingSoon)
    .flatMap((course) => course.activities.filter((activity) => activity.status !== "locked" && activity.savesOffline))
    .map((activity) => ({ id: activity.id, url: `${routePage}/${activity.id}`, parent: routePage }));
  const levels = useRef<HTMLElement>(null);
  const keyboardFocusOnSlide = useRef(false);
  // WCAG 3.2.1 (On Focus): tabbing onto a slide's link scrolls it into view, and that selection must
  // not change the page; a swipe, the arrows and the dots still do. Capture runs before the
  // carousel's own focus handler, so the mark is set before it reports the selection.
  useEffect(() => {
    const section = levels.current;
    if (!section) return;
    const onFocus = (event: FocusEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      keyboardFocusOnSlide.current = Boolean(target?.closest(".carousel-slide") && target.matches(":focus-visible"));
    };
    const onPointerDown = () => {
      keyboardFocusOnSlide.current = false;
    };
    section.addEventListener("focus", onFocus, true);
    section.addEventListener("pointerdown", onPointerDown, true);
    return () => {
      section.removeEventListener("focus", onFocus, true);
      section.removeEventListener("pointerdown", onPointerDown, true);
    };
  }, []);
  const onSelect = useCallback(
    (index: number) => {
      if (keyboardFocusOnSlide.current) return;
      const chosen = routes[index];
      if (chosen && chosen.slug !== route.slug) navigate(`/learning-path/${chosen.slug}`, { preventScrollReset: true });
    },
    [navigate, routes, route.slug],
  );
  return (
    <>
      <h1>{route.name}</h1>
      {/* The carousel is the landmark (named by the same text): a second one would repeat it. */}
      <section className="home-section" ref={levels}>
        <h2>{t("levels")}</h2>
        <Carousel label={t("levels")} perPage="one" controls startIndex={Math.max(0, current)} onSelect={onSelect}>
          {routes.map((item) => (
            <article key={item.slug} className="level-slide" data-current={item.slug === route.slug}>
              <h3>
                <Link
                  to={`/learning-path/${item.slug}`}
                  preventScrollReset
                  aria-current={item.slug === route.slug ? "page" : undefined}
                >
                  {item.name}
                </Link>
              </h3>
              <p>
                {item.shortDescription}
                {item.active ? null : ` - ${t("comingSoon")}`}
              </p>
              <div className="progress-row">
                <progress max={100} value={item.progress} aria-label={t("routeProgress", { name: item.name })} />
                <span>{formatPercent(item.progress, i18n.language)}</span>
              </div>
            </article>
          ))}
        </Carousel>
      </section>
      {route.active ? null : (
        <p className="empty-state" role="status">
          <strong>{t("comingSoon")}</strong> {t("emptyCourse")}
        </p>
      )}
      <SaveOffline route targets={saveTargets} user={learner} />
      {courses.map((course, courseIndex) => (
        <section key={course.name} className="home-section course">
          <h2>
            {course.name}
            {course.comingSoon ? ` ${t("comingSoonCourse")}` : null}
          </h2>
          {course.activities.length === 0 ? (
            <p className="empty">{t("emptyCourse")}</p>
          ) : (
            <ul className="activity-grid">
              {course.activities.map((activity, index) => (
                <li key={activity.id}>
                  {activity.status === "locked" ? (
                    <details className="locked-activity">
                      <summary>
                        <ActivityCard activity={activity} status="locked" />
                      </summary>
                      <p className="form-error" role="alert">
                        {t("common:activity.escapeRoomLocked")}
                      </p>
                    </details>
                  ) : (
                    <>
                      <ActivityCard
                        activity={activity}
                        status={activity.status}
                        result={activity.result}
                        href={course.comingSoon ? undefined : `/learning-path/${route.slug}/${activity.id}`}
                        first={!playerOpen && courseIndex === 0 && index === 0}
                      />
                      {activity.savesOffline && !course.comingSoon ? (
                        <SaveOffline
                          targets={[{ id: activity.id, url: `${routePage}/${activity.id}`, parent: routePage }]}
                          user={learner}
                          title={activity.title}
                        />
                      ) : null}
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
