import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CameraIcon, EditIcon, PlusIcon } from "~/components/profile-icons";
import { titleCase } from "~/domain/names";
import { requireUser } from "~/infra/auth.server";
import { unlessAfterAction } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import { getProfileInfo } from "~/legacy/user.server";
import { formatDate } from "~/lib/format";
import { LANGUAGE_LEVELS, LANGUAGE_OPTIONS } from "~/lib/forms/options";
import { useHydrated } from "~/lib/hooks";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";
import { offlineSupported } from "~/offline/supported";

export const handle = { i18n: ["profile"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

export const meta = pageTitle("profile:title");

/**
 * 'Perfil colaborador' (spec §2 'Profile'). A layout: the photo, education and languages dialogs
 * are child routes (`/profile/photo`, `/profile/education`, `/profile/languages`) shown over it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { session, ctx } = await requireUser(request);
  const [user, t] = await Promise.all([unlessAfterAction(request, ctx, getProfileInfo, null), getFixedT(request, "profile")]);
  if (!user) {
    // A dialog's form failed and so did the profile: the session's name and photo keep the page up.
    const { fullName, firstName, photoUrl, isLeader } = session.user;
    return {
      name: titleCase(fullName || firstName),
      photoUrl,
      photoPending: false,
      profileLabel: "",
      workPosition: "",
      isLeader,
      certifications: [],
      university: null,
      languages: [],
      vr: null,
    };
  }
  const vr = user.experienceVr;
  return {
    name: titleCase(user.fullName || user.firstName),
    photoUrl: user.photoUrl,
    photoPending: user.photoPending,
    profileLabel: user.profileLabel,
    workPosition: user.workPosition?.name ?? "",
    isLeader: user.isLeader,
    certifications: user.certificates.map((certificate) => certificate.name).filter(Boolean),
    university: user.university,
    languages: user.languages.map((language) => {
      // The option's own name in the learner's language, as the languages dialog shows it.
      const code = LANGUAGE_OPTIONS.find((option) => option === language.isoCode);
      return { name: code ? t(`options.${code}`) : language.name, isoCode: language.isoCode, proficiency: language.proficiency };
    }),
    vr: vr
      ? {
          initiated: formatDate(vr.initiated, ctx.locale),
          finalized: formatDate(vr.finalized, ctx.locale),
          lastSeen: formatDate(vr.lastSeen, ctx.locale),
          attempts: vr.attempts,
          minutes: Math.floor(vr.durationSeconds / 60),
        }
      : null,
  };
}

export default function Profile() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("profile");
  return (
    <main id="main" className="page page-narrow profile-page">
      <h1>{t("title")}</h1>
      <section className="card profile-card" aria-labelledby="profile-greeting">
        <div className="profile-photo">
          <Avatar url={data.photoUrl} name={data.name} size={96} />
          <Link to="photo" preventScrollReset className="icon-button profile-camera" aria-label={t("photo.open")}>
            <CameraIcon />
          </Link>
        </div>
        <h2 id="profile-greeting" className="profile-greeting">
          {t("hello", { name: data.name })}
        </h2>
        <ul className="profile-badges">
          {data.profileLabel ? (
            <li className="profile-badge">
              <span className="visually-hidden">{t("profileLabel")}: </span>
              {data.profileLabel}
            </li>
          ) : null}
          {data.workPosition ? (
            <li className="profile-badge profile-badge-position">
              <span className="visually-hidden">{t("workPosition")}: </span>
              {data.workPosition}
            </li>
          ) : null}
        </ul>
        <Link to="/profile/my_results" className="button">
          {t("common:badge.resultsLink")}
        </Link>
        <DownloadsLink />
        {data.isLeader ? (
          <Link to="/profile_auditor" className="button button-primary">
            {t("leaderLink")}
          </Link>
        ) : null}
      </section>

      <section className="card profile-section" aria-labelledby="profile-certifications">
        <h2 id="profile-certifications" className="card-title">
          {t("certifications")}
        </h2>
        <p>{data.certifications.length > 0 ? `${data.certifications.join(", ")}.` : t("noCertifications")}</p>
      </section>

      <ProfileSection
        id="profile-education"
        title={t("education")}
        to="education"
        action={data.university ? t("editEducation") : t("addEducation")}
        empty={data.university ? null : t("noEducation")}
      >
        {data.university ? (
          <>
            <p className="profile-university">
              {data.university.name}
              {data.university.acronym ? ` (${data.university.acronym})` : ""}
            </p>
            <p className="profile-degree">{data.university.degree}</p>
          </>
        ) : null}
      </ProfileSection>

      <ProfileSection
        id="profile-languages"
        title={t("languages")}
        to="languages"
        action={data.languages.length > 0 ? t("editLanguages") : t("addLanguages")}
        empty={data.languages.length > 0 ? null : t("noLanguages")}
      >
        <ul className="profile-languages">
          {data.languages.map((language) => {
            const level = LANGUAGE_LEVELS.find((known) => known === language.proficiency);
            return (
              <li key={language.name}>
                {language.name} ({level ? t(`levels.${level}`) : language.proficiency})
              </li>
            );
          })}
        </ul>
      </ProfileSection>

      {data.vr ? (
        <section className="card profile-section" aria-labelledby="profile-vr">
          <h2 id="profile-vr" className="card-title">
            {t("vr.title")}
          </h2>
          <dl className="meta-list">
            {(
              [
                ["vr.initiated", data.vr.initiated],
                ["vr.finalized", data.vr.finalized],
                ["vr.lastSeen", data.vr.lastSeen],
                ["vr.attempts", String(data.vr.attempts)],
                ["vr.duration", t("vr.minutes", { count: data.vr.minutes })],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{t(label)}:</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <Form method="post" action="/logout" className="profile-logout">
        <button type="submit" className="button">
          {t("logout")}
        </button>
      </Form>
      <Outlet />
    </main>
  );
}

/**
 * An editable part of the profile: its heading with the link that opens its dialog (a pencil once
 * filled, a plus while empty) and what it holds, or `empty` when there is nothing yet.
 */
function ProfileSection({
  id,
  title,
  to,
  action,
  empty,
  children,
}: {
  id: string;
  title: string;
  to: string;
  action: string;
  empty: string | null;
  children: React.ReactNode;
}) {
  return (
    <section className="card profile-section" aria-labelledby={id}>
      <div className="profile-section-heading">
        <h2 id={id} className="card-title">
          {title}
        </h2>
        <Link to={to} preventScrollReset className="icon-button" aria-label={action} title={action}>
          {empty === null ? <EditIcon /> : <PlusIcon />}
        </Link>
      </div>
      {empty === null ? children : <p>{empty}</p>}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/**
 * 'Descargas' (issue #18), where this browser can save content for offline use; without JavaScript
 * it cannot. Rendered by the server too (hidden where scripts cannot run), so the sections below do
 * not move down when scripts start; a browser that cannot save drops it.
 */
function DownloadsLink() {
  const hydrated = useHydrated();
  const { t } = useTranslation();
  return hydrated && !offlineSupported() ? null : (
    <Link to="/downloads" className="button js-only">
      {t("app.downloads")}
    </Link>
  );
}
