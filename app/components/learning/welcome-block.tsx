import { useState } from "react";
import { useHydrated } from "~/lib/hooks";
import { useTranslation } from "~/lib/i18n/use-translation";
import { ActivityCard, type ActivityCardData } from "./cards";
import { Carousel } from "./carousel";

export type WelcomeBlockData = {
  simulators: { title: string; activities: ActivityCardData[] };
  learningRoute: { title: string; courses: { id: number; name: string; activities: ActivityCardData[] }[] };
  videoTips: { title: string; activities: ActivityCardData[] };
};

/**
 * The home welcome block (spec §2 'Home'): the simulators with a panel describing the slide in
 * view, the learning route with a tab per course, and the video tips as stacked cards. Every
 * activity opens the player over home.
 */
export function WelcomeBlock({ data }: { data: WelcomeBlockData }) {
  return (
    <div className="welcome-block">
      <WelcomeSections data={data} />
    </div>
  );
}

/** The welcome block's sections (the server draws them once: ./welcome-block.server.tsx). */
export function WelcomeSections({ data }: { data: WelcomeBlockData }) {
  const { t } = useTranslation("learning");
  const { simulators, learningRoute, videoTips } = data;
  return (
    <>
      {simulators.activities.length > 0 ? (
        <Simulators title={simulators.title || t("simulators")} activities={simulators.activities} />
      ) : null}
      {learningRoute.courses.length > 0 ? (
        <CourseTabs title={learningRoute.title || t("learningRoute")} courses={learningRoute.courses} />
      ) : null}
      {videoTips.activities.length > 0 ? (
        <section className="home-section">
          <h2 id="welcome-tips">{videoTips.title || t("videoTips")}</h2>
          <Carousel label={videoTips.title || t("videoTips")} perPage="one" variant="stacked" controls>
            {videoTips.activities.map((activity) => (
              <ActivityCard key={activity.id} activity={activity} href={`/${activity.id}`} />
            ))}
          </Carousel>
        </section>
      ) : null}
    </>
  );
}

/** With JavaScript a panel describes the slide in view; without it, each card keeps its own description. */
function Simulators({ title, activities }: { title: string; activities: ActivityCardData[] }) {
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  const current = activities[index] ?? activities[0];
  return (
    <section className="home-section">
      <h2 id="welcome-simulators">{title}</h2>
      <div className="simulators">
        <Carousel label={title} perPage="one" controls onSelect={setIndex}>
          {activities.map((activity) => (
            <ActivityCard
              key={activity.id}
              activity={hydrated ? { ...activity, description: "" } : activity}
              href={`/${activity.id}`}
            />
          ))}
        </Carousel>
        {hydrated && current ? (
          <div className="simulator-panel" aria-live="polite">
            <h3>{current.title}</h3>
            {current.description ? <p>{current.description}</p> : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** With JavaScript, one tab per course; without it, links to every course's list on the page. */
function CourseTabs({ title, courses }: { title: string; courses: WelcomeBlockData["learningRoute"]["courses"] }) {
  const { t } = useTranslation("learning");
  const hydrated = useHydrated();
  const [selectedId, setSelectedId] = useState(courses[0]?.id);
  const selected = courses.find((course) => course.id === selectedId) ?? courses[0];
  const list = (course: (typeof courses)[number]) =>
    course.activities.length === 0 ? (
      <p className="empty">{t("emptyCourse")}</p>
    ) : (
      <Carousel key={course.id} label={course.name}>
        {course.activities.map((activity) => (
          <ActivityCard key={activity.id} activity={activity} href={`/${activity.id}`} />
        ))}
      </Carousel>
    );
  if (!hydrated) {
    return (
      <section className="home-section">
        <h2 id="welcome-route">{title}</h2>
        <nav className="course-tabs" aria-label={title}>
          {courses.map((course) => (
            <a key={course.id} href={`#course-${course.id}`} className="course-tab">
              {course.name}
            </a>
          ))}
        </nav>
        {courses.map((course) => (
          <div key={course.id} id={`course-${course.id}`} className="course-list">
            <h3>{course.name}</h3>
            {list(course)}
          </div>
        ))}
      </section>
    );
  }
  return (
    <section className="home-section">
      <h2 id="welcome-route">{title}</h2>
      <div className="course-tabs" role="tablist" aria-label={title}>
        {courses.map((course) => (
          <button
            key={course.id}
            type="button"
            id={`course-tab-${course.id}`}
            role="tab"
            aria-selected={course.id === selected?.id}
            aria-controls="course-panel"
            tabIndex={course.id === selected?.id ? 0 : -1}
            className="course-tab"
            onClick={() => setSelectedId(course.id)}
            onKeyDown={(event) => {
              const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
              if (!step) return;
              const index = courses.findIndex((item) => item.id === selected?.id);
              const next = courses[(index + step + courses.length) % courses.length];
              if (!next) return;
              setSelectedId(next.id);
              document.getElementById(`course-tab-${next.id}`)?.focus();
            }}
          >
            {course.name}
          </button>
        ))}
      </div>
      {selected ? (
        <div id="course-panel" role="tabpanel" aria-labelledby={`course-tab-${selected.id}`}>
          {list(selected)}
        </div>
      ) : null}
    </section>
  );
}
