import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation, useMatches } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Avatar } from "~/components/avatar";
import { ConnectionStatus } from "~/components/connection-status";
import { DataSaverToggle } from "~/components/data-saver-toggle";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  BellIcon,
  FaqIcon,
  HomeIcon,
  ProgressIcon,
  ProfileIcon,
  RankingIcon,
  SearchIcon,
  TriviaIcon,
  VrIcon,
} from "~/components/icons";
import { LanguageSelect } from "~/components/language-select";
import * as serverDialogs from "~/components/layout-dialogs.server";
import { formatPoints } from "~/lib/format";
import { lazyChunk } from "~/lib/hooks";
import { useTranslation } from "~/lib/i18n/use-translation";
import { SaveDataProvider } from "~/lib/save-data";
import { withoutVr, withVr } from "~/lib/vr";
import { hasDeviceData, OUTBOX_EVENT } from "~/offline/supported";
import {
  requireUser,
  wantsSaveData,
  withFallback,
  sanitizeLegacyHtml,
  checkBadges,
  getUserPoints,
  checkUpdates,
  vrDialogData,
} from "./_layout.server";

/**
 * The app layout of spec §2: header, the routed page, footer tabs. The header's extras degrade
 * (no points, count, news or badge) when their calls fail, so no page or form is lost to them.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { session, ctx } = await requireUser(request);
  const [updates, points, newBadges, saveData, vr] = await Promise.all([
    withFallback(ctx, checkUpdates, null),
    withFallback(ctx, getUserPoints, null),
    withFallback(ctx, checkBadges, []),
    wantsSaveData(request),
    vrDialogData(request, ctx),
  ]);
  const news = updates?.news[0];
  return {
    news: news ? { ...news, bodyHtml: sanitizeLegacyHtml(news.bodyHtml) } : null,
    saveData,
    user: session.user,
    newBadge: newBadges[0] ?? null,
    unseenNotifications: updates?.unseenNotifications ?? 0,
    points: points ? formatPoints(points.points, ctx.locale) : null,
    vr,
  };
}

/**
 * The outbox's watch (app/offline/outbox-sync.tsx), loaded only once this device holds progress to
 * send (at page load, or when a player starts keeping writes): most pages never carry it.
 */
const OutboxSync = lazy(() => import("~/offline/outbox-sync").then((module) => ({ default: module.OutboxSync })));

function OutboxSlot({ user }: { user: number }) {
  const [holds, setHolds] = useState(false);
  useEffect(() => {
    const check = () => hasDeviceData() && setHolds(true);
    check();
    window.addEventListener(OUTBOX_EVENT, check);
    return () => window.removeEventListener(OUTBOX_EVENT, check);
  }, []);
  return holds ? (
    <Suspense fallback={null}>
      <OutboxSync user={user} />
    </Suspense>
  ) : null;
}

/** The layout's dialogs load only on a page that shows one (decision 027). */
const NewsDialog = lazyChunk(serverDialogs.NewsDialog, () =>
  import("~/components/news-dialog").then((module) => module.NewsDialog),
);
const BadgeDialog = lazyChunk(serverDialogs.BadgeDialog, () =>
  import("~/components/badge-dialog").then((module) => module.BadgeDialog),
);
const VrDialog = lazyChunk(serverDialogs.VrDialog, () => import("~/components/vr-dialog").then((module) => module.VrDialog));

export default function AppLayout() {
  const { user, unseenNotifications, points, newBadge, news, saveData, vr } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const matches = useMatches();
  const location = useLocation();
  const inTrivia = matches.some((match) => match.id.startsWith("routes/_app+/trivia+/"));
  return (
    <SaveDataProvider value={saveData}>
      <div className="app-layout">
        <header className="app-header">
          <div className="app-header-top">
            <Link to="/" className="brand">
              {t("app.name")}
            </Link>
            <div className="app-header-actions">
              {points ? (
                <Link to="/achievements" className="points-chip" aria-label={t("nav.yourPoints", { points })}>
                  {points}
                </Link>
              ) : null}
              <Link to={withVr(location)} preventScrollReset className="header-button">
                <VrIcon />
                <span>{t("nav.vr")}</span>
              </Link>
              <Link
                to="/notifications"
                className="icon-button bell"
                aria-label={
                  unseenNotifications > 0 ? t("nav.notificationsUnseen", { count: unseenNotifications }) : t("nav.notifications")
                }
              >
                <BellIcon />
                {unseenNotifications > 0 ? (
                  <span className="badge" aria-hidden="true">
                    {unseenNotifications > 99 ? "99+" : unseenNotifications}
                  </span>
                ) : null}
              </Link>
              <Link to="/profile" className="icon-button" aria-label={t("nav.profile")}>
                <Avatar url={user.photoUrl} name={user.fullName} size={32} />
              </Link>
            </div>
          </div>
          <ConnectionStatus />
          <nav aria-label={t("nav.main")} className="app-nav">
            <NavLink to="/" end>
              <HomeIcon />
              <span>{t("nav.home")}</span>
            </NavLink>
            <NavLink to="/ranking">
              <RankingIcon />
              <span>{t("nav.ranking")}</span>
            </NavLink>
            <NavLink to="/trivia" className={({ isActive }) => (isActive || inTrivia ? "active" : "")}>
              <TriviaIcon />
              <span>{t("nav.trivia")}</span>
            </NavLink>
            <NavLink to="/profile">
              <ProfileIcon />
              <span>{t("nav.profile")}</span>
            </NavLink>
          </nav>
        </header>
        <OutboxSlot user={user.id} />
        <Outlet />
        <Suspense fallback={null}>
          {news ? <NewsDialog news={news} saveData={saveData} /> : null}
          {newBadge && !news ? <BadgeDialog badge={newBadge} /> : null}
          {vr ? <VrDialog vr={vr} closeTo={withoutVr(location)} retryTo={withVr(location)} /> : null}
        </Suspense>
        <footer className="app-footer">
          <div className="app-footer-tools">
            <LanguageSelect />
            <DataSaverToggle />
            <Link to="/accessibility">{t("footer.accessibility")}</Link>
            <Form method="post" action="/logout">
              <button type="submit" className="footer-logout">
                {t("nav.logout")}
              </button>
            </Form>
          </div>
          <nav aria-label={t("nav.tabs")} className="tab-bar">
            <NavLink to="/" end>
              <HomeIcon />
              <span>{t("nav.home")}</span>
            </NavLink>
            <NavLink to="/achievements">
              <ProgressIcon />
              <span>{t("nav.achievements")}</span>
            </NavLink>
            <NavLink to="/search">
              <SearchIcon />
              <span>{t("nav.search")}</span>
            </NavLink>
            <NavLink to="/faq">
              <FaqIcon />
              <span>{t("nav.faq")}</span>
            </NavLink>
          </nav>
        </footer>
      </div>
    </SaveDataProvider>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
