import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { ComingSoon } from "~/components/coming-soon";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SectionPage } from "~/components/section-page";
import { titleCase } from "~/domain/names";
import { unlessAfterAction } from "~/infra/form-errors.server";
import { getTeam, type TeamMember } from "~/legacy/leader.server";
import { getLearningPaths } from "~/legacy/training.server";
import { getUserInfo } from "~/legacy/user.server";
import { formatPercent } from "~/lib/format";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";
import { notAfterSteps } from "~/lib/revalidate";
import { requireLeader, unlessMissing } from "./leader.server";

export const handle = { i18n: ["leader"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

/**
 * The leader auditor profile of spec §2: the leader, 'Tu Equipo' with each member's progress, and
 * the buttons that open the add-person and 'Subir material' dialogs (child routes).
 */
export const meta = pageTitle("leader:title");

const STATUS_KEYS = {
  completed: { key: "completed", css: "finished" },
  started: { key: "started", css: "started" },
  not_started: { key: "notStarted", css: "not_started" },
} as const;

/** A member's card; a route not open yet (`comingSoon`, by name) reads 'Próximamente', not 0 %. */
function memberView(member: TeamMember, comingSoon: ReadonlySet<string>) {
  return {
    id: member.id,
    code: member.code,
    name: titleCase(member.name),
    photoUrl: member.photoUrl,
    workPosition: member.workPosition,
    progress: member.progress.map((bar) => ({ ...bar, comingSoon: comingSoon.has(bar.name) })),
    levels: member.levels.map((level) => ({
      level: level.level,
      title: level.title,
      progress: level.progress,
      comingSoon: comingSoon.has(level.title),
      courses: level.quizzes,
      items: level.items.map((item) => ({ name: item.name, ...STATUS_KEYS[item.state] })),
    })),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, ctx } = await requireLeader(request);
  // After a dialog's failed form without JavaScript, the session's name and an empty team keep the page up.
  const [user, team, routes] = await Promise.all([
    unlessAfterAction(request, ctx, getUserInfo, null),
    unlessAfterAction(request, ctx, (upstream) => unlessMissing(getTeam(upstream)), []),
    unlessAfterAction(request, ctx, getLearningPaths, []),
  ]);
  const comingSoon = new Set(routes.filter((route) => !route.active).map((route) => route.name));
  const { fullName, firstName, photoUrl } = user ?? session.user;
  return {
    user: {
      name: titleCase(fullName || firstName),
      photoUrl,
      profileLabel: user?.profileLabel ?? "",
      workPosition: user?.workPosition?.name ?? "",
    },
    team: team ? team.map((member) => memberView(member, comingSoon)) : null,
  };
}

/** The add-person dialog's search and confirm steps change nothing: the team stays. */
export const shouldRevalidate = notAfterSteps("results", "confirm");

export default function LeaderProfile() {
  const { user, team } = useLoaderData<typeof loader>();
  const { t } = useTranslation("leader");
  return (
    <SectionPage title={t("title")}>
      <section className="card leader-card" aria-label={user.name}>
        <Avatar url={user.photoUrl} name={user.name} size={64} />
        <div>
          <p className="leader-name">{user.name}</p>
          <p className="leader-badges">
            {user.profileLabel ? <span className="leader-badge">{user.profileLabel}</span> : null}
            {user.workPosition ? <span className="leader-badge leader-badge-muted">{user.workPosition}</span> : null}
          </p>
        </div>
      </section>

      <div className="button-row leader-actions">
        <Link to="material" preventScrollReset className="button button-primary">
          {t("uploadMaterial")}
        </Link>
      </div>

      <section aria-labelledby="team-title" className="leader-team">
        <div className="leader-team-head">
          <h2 id="team-title">{t("team")}</h2>
          {team ? (
            <Link to="add" preventScrollReset className="button">
              {t("addPerson")}
            </Link>
          ) : null}
        </div>
        {team === null ? (
          <ComingSoon />
        ) : team.length === 0 ? (
          <p className="empty-state">{t("teamEmpty")}</p>
        ) : (
          <ul className="card-list">
            {team.map((member) => (
              <TeamMemberCard key={member.id} member={member} />
            ))}
          </ul>
        )}
      </section>
      <Outlet />
    </SectionPage>
  );
}

function TeamMemberCard({ member }: { member: ReturnType<typeof memberView> }) {
  const { t, i18n } = useTranslation("leader");
  const headingId = `member-${member.id}`;
  return (
    <li className="card team-member" aria-labelledby={headingId}>
      <div className="team-member-head">
        <Avatar url={member.photoUrl} name={member.name} size={48} />
        <div className="team-member-who">
          <h3 id={headingId}>{member.name}</h3>
          <p className="leader-muted">
            {[member.workPosition, member.code ? t("code", { code: member.code }) : ""].filter(Boolean).join(" · ")}
          </p>
        </div>
        <Link
          to={`remove/${member.id}`}
          preventScrollReset
          className="button-small"
          aria-label={t("removeLabel", { name: member.name })}
        >
          {t("remove")}
        </Link>
      </div>
      <ul className="bar-list" aria-label={t("memberProgress", { name: member.name })}>
        {member.progress.map((bar) =>
          bar.comingSoon ? (
            <li key={bar.name}>
              <span>{bar.name}</span>
              <span className="leader-muted">{t("comingSoon")}</span>
            </li>
          ) : (
            <li key={bar.name}>
              <span>{bar.name}</span>
              <progress max={100} value={bar.percent} aria-label={`${member.name}: ${bar.name}`} />
              <span>{formatPercent(bar.percent, i18n.language)}</span>
            </li>
          ),
        )}
      </ul>
      {member.levels.length > 0 ? (
        <details className="progress-more">
          <summary>{t("byLevel")}</summary>
          <ol className="team-levels">
            {member.levels.map((level) => (
              <li key={level.level}>
                <p className="team-level-title">
                  {t("levelProgress", { level: level.level, title: level.title })} ·{" "}
                  {level.comingSoon ? t("comingSoon") : formatPercent(level.progress, i18n.language)}
                </p>
                <p className="leader-muted">{t("courses", { completed: level.courses.completed, total: level.courses.total })}</p>
                {level.items.length > 0 ? (
                  <ul className="team-courses">
                    {level.items.map((item) => (
                      <li key={item.name}>
                        <span>{item.name}</span>
                        <span className={`status status-${item.css}`}>{t(`status.${item.key}`)}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
