import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useMatches } from "@remix-run/react";
import { ContactForm } from "~/components/contact-form";
import { FaqAccordion } from "~/components/faq-accordion";
import { ActivityCard, type ActivityCardData, RouteCard } from "~/components/learning/cards";
import { Carousel } from "~/components/learning/carousel";
import { WelcomeBlock, type WelcomeBlockData } from "~/components/learning/welcome-block";
import { activityRecords, routeProgress } from "~/domain/progress";
import { requireUser } from "~/infra/auth.server";
import { getHomeActivities } from "~/legacy/general.server";
import type { Activity } from "~/legacy/schemas/training.server";
import { type Academy, getAcademy, getLearningPaths, getUserProgress, type Showcase } from "~/legacy/training.server";
import { getUserInfo } from "~/legacy/user.server";
import { contactFormData } from "~/lib/contact-form.server";
import { getSafeFaq } from "~/lib/faq.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";

export const meta = pageTitle("nav.home");

/** Home (spec §2): every call in parallel, one upstream round trip. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const [user, routes, progress, home, faq, academy] = await Promise.all([
    getUserInfo(ctx),
    getLearningPaths(ctx),
    getUserProgress(ctx),
    getHomeActivities(ctx),
    getSafeFaq(ctx),
    getAcademy(ctx),
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
  return {
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
    welcome: academy ? welcomeBlock(academy, card) : null,
    faq,
    contact: contactFormData(),
  };
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
  const data = useLoaderData<typeof loader>();
  // On `/` the contact footer is home's index route's, which takes its posts (routes/_app._home._index.tsx).
  const atIndex = useMatches().some((match) => match.id === "routes/_app._home._index");
  const { t } = useTranslation("learning");
  return (
    <main id="main" className="page home">
      <h1 className="greeting">
        {t("greeting")} <span className="greeting-name">{data.name}</span>
      </h1>
      <HomeSection title={t("byLevel")} empty={data.routes.length === 0}>
        <Carousel label={t("byLevel")}>
          {data.routes.map((route) => (
            <RouteCard key={route.slug} route={route} />
          ))}
        </Carousel>
      </HomeSection>
      {(
        [
          ["recent", data.recent],
          ["mostViewed", data.mostViewed],
          ["sharedByLeaders", data.sharedByLeaders],
        ] as const
      ).map(([key, activities]) => (
        <HomeSection key={key} title={t(key)} empty={activities.length === 0}>
          <Carousel label={t(key)}>
            {activities.map((activity) => (
              <ActivityCard key={activity.id} activity={activity} href={`/${activity.id}`} />
            ))}
          </Carousel>
        </HomeSection>
      ))}
      {data.welcome ? <WelcomeBlock data={data.welcome} /> : null}
      <section className="home-section" aria-labelledby="home-faq">
        <h2 id="home-faq">{t("faqTitle")}</h2>
        <FaqAccordion categories={data.faq} />
      </section>
      {atIndex ? null : <ContactForm {...data.contact} />}
      <Outlet />
    </main>
  );
}

function HomeSection({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  const { t } = useTranslation("learning");
  return (
    <section className="home-section">
      <h2>{title}</h2>
      {empty ? <p className="empty">{t("noResults")}</p> : children}
    </section>
  );
}
