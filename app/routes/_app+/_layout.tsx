import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
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
import { formatPoints } from "~/lib/format";
import { lazyChunk } from "~/lib/hooks";
import { useTranslation } from "~/lib/i18n/use-translation";
import type { PageLinkProps } from "~/lib/page-link";
import { SaveDataProvider } from "~/lib/save-data";
import type { NavPageLinkProps } from "~/lib/static-markup.server";
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
import * as serverParts from "./_layout.server";

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

/**
 * On the server, the anchors Remix's links render, without the router's work for each (decision 074).
 * Not `~/lib/page-link`'s `PageLink`: that module, shared with the cards, would become a chunk of its
 * own on every signed-in page; these come through `_layout.server`, which the browser build empties.
 */
const AppLink: (props: PageLinkProps) => ReactNode = (serverParts.PageLink as typeof serverParts.PageLink | undefined) ?? Link;
const AppNavLink: (props: NavPageLinkProps) => ReactNode =
  (serverParts.NavPageLink as typeof serverParts.NavPageLink | undefined) ?? NavLink;

/** The layout's dialogs load only on a page that shows one (decision 027). */
const NewsDialog = lazyChunk(serverParts.NewsDialog, () =>
  import("~/components/news-dialog").then((module) => module.NewsDialog),
);
const BadgeDialog = lazyChunk(serverParts.BadgeDialog, () =>
  import("~/components/badge-dialog").then((module) => module.BadgeDialog),
);
const VrDialog = lazyChunk(serverParts.VrDialog, () => import("~/components/vr-dialog").then((module) => module.VrDialog));

export default function AppLayout() {
  const { user, unseenNotifications, points, newBadge, news, saveData, vr } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <SaveDataProvider value={saveData}>
      <div className="app-layout">
        <header className="app-header">
          <div className="app-header-top">
            <AppLink to="/" className="brand">
              {t("app.name")}
            </AppLink>
            <div className="app-header-actions">
              {points ? (
                <AppLink to="/achievements" className="points-chip" aria-label={t("nav.yourPoints", { points })}>
                  {points}
                </AppLink>
              ) : null}
              <AppLink to={withVr(location)} preventScrollReset className="header-button">
                <VrIcon />
                <span>{t("nav.vr")}</span>
              </AppLink>
              <AppLink
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
              </AppLink>
              <AppLink to="/profile" className="icon-button" aria-label={t("nav.profile")}>
                <Avatar url={user.photoUrl} name={user.fullName} size={32} />
              </AppLink>
            </div>
          </div>
          <ConnectionStatus />
          <nav aria-label={t("nav.main")} className="app-nav">
            <AppNavLink to="/" end>
              <HomeIcon />
              <span>{t("nav.home")}</span>
            </AppNavLink>
            <AppNavLink to="/ranking">
              <RankingIcon />
              <span>{t("nav.ranking")}</span>
            </AppNavLink>
            <AppNavLink to="/trivia">
              <TriviaIcon />
              <span>{t("nav.trivia")}</span>
            </AppNavLink>
            <AppNavLink to="/profile">
              <ProfileIcon />
              <span>{t("nav.profile")}</span>
            </AppNavLink>
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
            <AppLink to="/accessibility">{t("footer.accessibility")}</AppLink>
            <Form method="post" action="/logout">
              <button type="submit" className="footer-logout">
                {t("nav.logout")}
              </button>
            </Form>
          </div>
          <nav aria-label={t("nav.tabs")} className="tab-bar">
            <AppNavLink to="/" end>
              <HomeIcon />
              <span>{t("nav.home")}</span>
            </AppNavLink>
            <AppNavLink to="/achievements">
              <ProgressIcon />
              <span>{t("nav.achievements")}</span>
            </AppNavLink>
            <AppNavLink to="/search">
              <SearchIcon />
              <span>{t("nav.search")}</span>
            </AppNavLink>
            <AppNavLink to="/faq">
              <FaqIcon />
              <span>{t("nav.faq")}</span>
            </AppNavLink>
          </nav>
        </footer>
      </div>
    </SaveDataProvider>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
