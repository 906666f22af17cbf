import { CheckIcon } from "~/components/icons";
import type { ActivityResult } from "~/domain/activity-result";
import type { ActivityStatus } from "~/domain/progress";
import { formatPercent } from "~/lib/format";
import type { AppKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/use-translation";
import { PageLink } from "~/lib/page-link";
import { useSaveData } from "~/lib/save-data";

export type RouteCardData = {
  slug: string;
  name: string;
  shortDescription: string;
  active: boolean;
  progress: number;
};

/** A training route (spec §2 'Home'): the card body and 'Ver detalles' open it, only when active. */
export function RouteCard({ route }: { route: RouteCardData }) {
  const { t, i18n } = useTranslation("learning");
  const to = `/learning-path/${route.slug}` as const;
  return (
    <article className="route-card" data-active={route.active}>
      <h3 className="route-card-title">
        {route.active ? (
          <PageLink to={to} className="stretched-link">
            {route.name}
          </PageLink>
        ) : (
          route.name
        )}
      </h3>
      <p className="route-card-level">
        {route.shortDescription}
        {route.active ? null : ` - ${t("comingSoon")}`}
      </p>
      <div className="progress-row">
        <progress max={100} value={route.progress} aria-label={t("routeProgress", { name: route.name })} />
        <span>{formatPercent(route.progress, i18n.language)}</span>
      </div>
      {route.active ? (
        <PageLink to={to} className="button button-small-primary above-stretched">
          {t("details")}
        </PageLink>
      ) : (
        <span className="button button-small-primary" aria-disabled="true">
          {t("details")}
        </span>
      )}
    </article>
  );
}

export type ActivityCardData = {
  id: number;
  title: string;
  description: string;
  courseName: string;
  contentTypeName: string;
  coverUrl: string | null;
};

const statusLabels: Record<ActivityStatus | "locked", AppKey<"learning">> = {
  not_started: "common:activity.status.notStarted",
  started: "common:activity.status.started",
  finished: "common:activity.status.finished",
  locked: "common:activity.status.locked",
};

export type ActivityCardProps = {
  activity: ActivityCardData;
  /** Where the card leads; a card without one (a locked escape room) is not a link. */
  href?: `/${string}`;
  status?: ActivityStatus | "locked";
  /** A finished activity's score and time spent. */
  result?: ActivityResult | null;
  /** The page's first card, in its first screen: its cover is the largest paint, fetched at once. */
  first?: boolean;
};

/** An activity (spec §2): cover (the light default when missing or with data saver), course, title, description, content type, state. */
export function ActivityCard({ activity, href, status, result, first = false }: ActivityCardProps) {
  const { t, i18n } = useTranslation("learning");
  const saveData = useSaveData();
  return (
    <article className="activity-card" data-status={status}>
      <img
        className="activity-card-cover"
        src={(!saveData && activity.coverUrl) || "/images/default-cover.svg"}
        alt=""
        width={320}
        height={180}
        loading={first ? "eager" : "lazy"}
        // Lowercase: React 18 knows no `fetchPriority` and passes the attribute through as written.
        {...(first ? { fetchpriority: "high" } : {})}
        decoding="async"
      />
      <div className="activity-card-body">
        {activity.courseName ? <p className="activity-card-course">{activity.courseName}</p> : null}
        <h3 className="activity-card-title">
          {href ? (
            <PageLink to={href} className="stretched-link" preventScrollReset>
              {activity.title}
            </PageLink>
          ) : (
            activity.title
          )}
        </h3>
        {activity.description ? <p className="activity-card-description">{activity.description}</p> : null}
        <p className="activity-card-meta">
          <span className="chip">{activity.contentTypeName}</span>
          {status ? (
            <span className={`status status-${status}`}>
              {status === "locked" ? <LockIcon /> : null}
              {status === "finished" ? <CheckIcon className="icon icon-small" /> : null}
              {t(statusLabels[status])}
            </span>
          ) : null}
          {result?.score !== null && result?.score !== undefined ? (
            <span className="activity-card-result">
              {t("result.score", { score: formatPercent(result.score, i18n.language) })}
            </span>
          ) : null}
          {result && result.minutes > 0 ? (
            <span className="activity-card-result">{t("result.time", { minutes: Math.max(1, Math.round(result.minutes)) })}</span>
          ) : null}
        </p>
      </div>
    </article>
  );
}

function LockIcon() {
  return (
    <svg className="icon icon-small" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M17 9h-1V7a4 4 0 0 0-8 0v2H7a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-9a2 2 0 0 0-2-2m-7-2a2 2 0 0 1 4 0v2h-4z"
      />
    </svg>
  );
}
