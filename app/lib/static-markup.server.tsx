import { useLocation } from "@remix-run/react";
import type { ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Strings } from "./i18n/keys";
import type { Translator } from "./i18n/translator";
import { TranslatorProvider } from "./i18n/use-translation";
import type { PageLinkProps } from "./page-link";
import { SaveDataProvider } from "./save-data";

/**
 * The server's `PageLink` (./page-link): the anchor Remix's `<Link>` renders, drawn without the
 * router's work for each link (a home has ~60), and outside a router too. The markup is `<Link>`'s
 * (page-link.test.tsx), so a hydrated page's link becomes the browser's `<Link>`.
 */
export function PageLink({ to, className, "aria-label": label, children }: PageLinkProps) {
  return (
    <a className={className} aria-label={label} data-discover="true" href={to}>
      {children}
    </a>
  );
}

/**
 * React Router's `NavLink` rule, as it is on the server (nothing pending), case-insensitive:
 * active at `to` itself and, unless `end`, below it.
 */
export function navLinkActive(pathname: string, to: string, end = false): boolean {
  const location = pathname.toLowerCase();
  const target = to.toLowerCase();
  const slash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return location === target || (!end && location.startsWith(target) && location.charAt(slash) === "/");
}

export type NavPageLinkProps = {
  to: `/${string}`;
  end?: boolean;
  children: ReactNode;
};

/** Remix's `<NavLink>` as the server draws it: its anchor at this request's path, with its default class. */
export function NavPageLink({ to, end, children }: NavPageLinkProps) {
  const isActive = navLinkActive(useLocation().pathname, to, end);
  return (
    <a data-discover="true" aria-current={isActive ? "page" : undefined} className={isActive ? "active" : ""} href={to}>
      {children}
    </a>
  );
}

/**
 * `element`'s HTML drawn on its own, outside the page's render and router, in `translator`'s
 * language: for markup the server draws once and puts in many pages (decisions 071, 074).
 */
export function drawStatic(element: ReactElement, translator: Translator<Strings>, saveData = false): string {
  return renderToStaticMarkup(
    <TranslatorProvider value={translator}>
      <SaveDataProvider value={saveData}>{element}</SaveDataProvider>
    </TranslatorProvider>,
  );
}
