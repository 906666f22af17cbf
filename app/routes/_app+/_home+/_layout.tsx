import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useMatches } from "@remix-run/react";
import { type ComponentType, lazy, memo, startTransition, Suspense, useEffect, useState } from "react";
import type { ActivityCardData } from "~/components/learning/cards";
import type { WelcomeBlockData } from "~/components/learning/welcome-block";
import { activityRecords, lastUnfinished, routeProgress } from "~/domain/progress";
import type { Activity, TrainingRoute } from "~/legacy/schemas/training.server";
import type { Academy, Showcase } from "~/legacy/training.server";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { COVERED, coveredDocument, revalidateBeneath, usePageBeneath } from "~/lib/page-beneath";
import { pageTitle } from "~/lib/page-title";
import type { HomeData } from "./content/home-content";
import * as serverHome from "./content/home-content.server";
import {
  requireUser,
  getHomeActivities,
  getAcademy,
  getLearningPaths,
  getUserProgress,
  getUserInfo,
  contactFormData,
  getSafeFaq,
  withHeaders,
} from "./home.server";

export const handle = { i18n: ["learning", "help"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

export const meta = pageTitle("nav.home");

const ROUTE_ID = "routes/_app+/_home+/_layout";
export const shouldRevalidate = revalidateBeneath(ROUTE_ID);

/** Home (spec §2): every call in parallel, one upstream round trip; none under a player's document. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  if (coveredDocument(params, context)) return COVERED;
  const [user, routes, progress, home, faq, academy, { contact, headers }] = await Promise.all([
    getUserInfo(ctx),
    getLearningPaths(ctx),
    getUserProgress(ctx),
    getHomeActivities(ctx),
    getSafeFaq(ctx),
    getAcademy(ctx),
    contactFormData(request),
  ]);
  const records = activityRecords(progress);
  const courseOf = new Map<number, string>();
  for (const route of routes) {
    for (const course of route.courses) for (const activity of course.activities) courseOf.set(activity.id, course.name);
  }
  const card = (activity: Activity, courseName = ""): ActivityCardData => ({
    id: activity.id,
    title: activity.title,
    description: activity.description,
    courseName: courseName || activity.courseName || courseOf.get(activity.id) || "",
    contentTypeName: activity.contentType.name,
    coverUrl: activity.coverUrl,
  });
  const page: HomeData = {
    name: user.fullName || `${user.firstName} ${user.lastName}`.trim(),
    routes: routes.map((route) => ({
      slug: route.slug,
      name: route.name,
      shortDescription: route.shortDescription,
      active: route.active,
      progress: routeProgress(route, records),
    })),
    recent: home.recent.map((activity) => card(activity)),
    mostViewed: home.mostViewed.map((activity) => card(activity)),
    sharedByLeaders: home.sharedByLeaders.map((activity) => card(activity)),
    resume: resumeCard(lastUnfinished(progress), routes, academy, card),
    welcome: academy ? welcomeBlock(academy, card) : null,
    faq,
    contact,
  };
  return withHeaders(page, { headers });
}

/**
 * Issue #18 item 6: the last activity the learner started and has not finished, as a card, when
 * it is still in an open route or in the academy's showcases (so the player can open it).
 */
function resumeCard(
  activityId: number | null,
  routes: TrainingRoute[],
  academy: Academy | null,
  card: (activity: Activity, courseName?: string) => ActivityCardData,
): ActivityCardData | null {
  if (activityId === null) return null;
  const courses = [
    ...routes.filter((route) => route.active).flatMap((route) => route.courses),
    ...(academy ? [academy.emulators, academy.learningRoute, academy.videoTips].flatMap((showcase) => showcase.courses) : []),
  ];
  for (const course of courses) {
    const activity = course.activities.find((candidate) => candidate.id === activityId);
    if (activity) return card(activity, course.name);
  }
  return null;
}

/** The showcases of the academy as the welcome block shows them: every slide a card. */
function welcomeBlock(academy: Academy, card: (activity: Activity, courseName?: string) => ActivityCardData): WelcomeBlockData {
  const cardsOf = (showcase: Showcase) =>
    showcase.courses.flatMap((item) => item.activities.map((activity) => card(activity, item.name)));
  return {
    simulators: { title: academy.emulators.title, activities: cardsOf(academy.emulators) },
    learningRoute: {
      title: academy.learningRoute.title,
      courses: academy.learningRoute.courses.map((item) => ({
        id: item.id,
        name: item.name,
        activities: item.activities.map((activity) => card(activity, item.name)),
      })),
    },
    videoTips: { title: academy.videoTips.title, activities: cardsOf(academy.videoTips) },
  };
}

/** Home is a layout, so the activity player (`/:activity`) opens as a dialog over it. */
export default function Home() {
  const data = usePageBeneath(ROUTE_ID, useLoaderData<typeof loader>());
  // On `/` the contact footer is home's index route's (routes/_app+/_home+/_index.tsx).
  const atIndex = useMatches().some((match) => match.id === "routes/_app+/_home+/_index");
  return (
    <main id="main" className="page home">
      {data ? <HomePage data={data} atIndex={atIndex} /> : null}
      <Outlet />
    </main>
  );
}

type Page = ComponentType<{ data: HomeData; contactFooter: boolean }>;
const loadHome = () => import("./content/home-content").then((module): Page => module.HomeContent);
const LazyHome = lazy(() => loadHome().then((component) => ({ default: component })));
/** Home's page once loaded: a later visit renders it at once. */
let loadedPage: Page | undefined;

/**
 * Home's page is a chunk of its own (decision 027). The server renders it at once. The browser
 * keeps the server's HTML as it is (no hydration) until the chunk has loaded, then renders the page
 * in its place: on `/` at once, under a dialog opened by its address (a player, beneath which the
 * page is inert) only once the dialog has closed. A client navigation to home has no server HTML
 * to keep, and renders the page when its chunk arrives.
 */
const HomePage = memo(function HomePage({ data, atIndex }: { data: HomeData; atIndex: boolean }) {
  const ServerHome = serverHome.HomeContent;
  const [Loaded, setLoaded] = useState<Page | undefined>(() => loadedPage);
  const [kept] = useState(() => typeof document !== "undefined" && document.querySelector(".home-content") !== null);
  useEffect(() => {
    if (Loaded || !kept || !atIndex) return;
    let cancelled = false;
    loadHome().then(
      (component) => {
        loadedPage = component;
        // A transition: React renders the page in slices between other work, with the server's
        // HTML still shown, instead of one long task that blocks a slow phone's taps.
        if (!cancelled) startTransition(() => setLoaded(() => component));
      },
      // A chunk that failed to load leaves the server's page, whose links still work.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [Loaded, kept, atIndex]);
  if (ServerHome) return <ServerHome data={data} contactFooter={!atIndex} />;
  if (Loaded) return <Loaded data={data} contactFooter={!atIndex} />;
  if (kept) return <div className="home-content" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
  return (
    <Suspense fallback={null}>
      <LazyHome data={data} contactFooter={!atIndex} />
    </Suspense>
  );
});
