import type { ComponentType } from "react";
import { FaqAccordion } from "~/components/faq-accordion";
import {
  ActivityCard,
  type ActivityCardData,
  type ActivityCardProps,
  RouteCard,
  type RouteCardData,
} from "~/components/learning/cards";
import { Carousel } from "~/components/learning/carousel";
import { WelcomeBlock, type WelcomeBlockData } from "~/components/learning/welcome-block";
import type { SafeFaqCategory } from "~/lib/faq.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { PageLink } from "~/lib/page-link";
import type { ContactFormProps } from "~/routes/contact-form/contact-form-live";
import { ContactForm } from "~/routes/contact-form/route";

export type HomeData = {
  name: string;
  routes: RouteCardData[];
  recent: ActivityCardData[];
  mostViewed: ActivityCardData[];
  sharedByLeaders: ActivityCardData[];
  /** The last activity started and not finished (issue #18 item 6). */
  resume: ActivityCardData | null;
  welcome: WelcomeBlockData | null;
  faq: SafeFaqCategory[];
  contact: ContactFormProps;
};

/**
 * Home's page (spec §2) without its child route: the greeting, the carousels, the welcome block,
 * the FAQ and, under a dialog, the contact footer (on `/` it is the index route's).
 */
export function HomeContent({
  data,
  contactFooter,
  Welcome = WelcomeBlock,
  Card = ActivityCard,
}: {
  data: HomeData;
  contactFooter: boolean;
  /** The server's drawn once (./home-content.server.tsx). */
  Welcome?: ComponentType<{ data: WelcomeBlockData }>;
  /** The server's drawn once per card (./home-content.server.tsx). */
  Card?: ComponentType<ActivityCardProps>;
}) {
  const { t } = useTranslation("learning");
  return (
    <div className="home-content">
      <h1 className="greeting">
        {t("greeting")} <span className="greeting-name">{data.name}</span>
      </h1>
      {/* Its cover is the page's largest paint, fetched first, unless a player over home has that. */}
      {data.resume ? <ResumeBlock activity={data.resume} first={!contactFooter} Card={Card} /> : null}
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
              <Card key={activity.id} activity={activity} href={`/${activity.id}`} />
            ))}
          </Carousel>
        </HomeSection>
      ))}
      {data.welcome ? <Welcome data={data.welcome} /> : null}
      <section className="home-section" aria-labelledby="home-faq">
        <h2 id="home-faq">{t("faqTitle")}</h2>
        <FaqAccordion categories={data.faq} />
      </section>
      {contactFooter ? <ContactForm {...data.contact} /> : null}
    </div>
  );
}

/** Home's first block: one tap opens the activity the learner left unfinished. */
function ResumeBlock({
  activity,
  first,
  Card,
}: {
  activity: ActivityCardData;
  first: boolean;
  Card: ComponentType<ActivityCardProps>;
}) {
  const { t } = useTranslation("learning");
  const href = `/${activity.id}` as const;
  return (
    <section className="home-section home-resume" aria-labelledby="home-resume">
      <h2 id="home-resume">{t("resume.title")}</h2>
      <Card activity={activity} href={href} status="started" first={first} />
      <PageLink to={href} className="button button-primary" preventScrollReset>
        {t("resume.action")}
      </PageLink>
    </section>
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
