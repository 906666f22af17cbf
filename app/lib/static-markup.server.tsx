import { Link } from "@remix-run/react";
import { createContext, type ReactElement, type ReactNode, useContext } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Strings } from "./i18n/keys";
import type { Translator } from "./i18n/translator";
import { TranslatorProvider } from "./i18n/use-translation";
import type { PageLinkProps } from "./page-link";
import { SaveDataProvider } from "./save-data";

/**
 * Markup the browser keeps as the server drew it and never hydrates: home's page until its chunk
 * has loaded (decision 027) and what the server draws once and reuses (decisions 071, 074).
 */
const StaticMarkupContext = createContext(false);

export function StaticMarkup({ children }: { children: ReactNode }) {
  return <StaticMarkupContext.Provider value={true}>{children}</StaticMarkupContext.Provider>;
}

/**
 * The server's `PageLink` (./page-link): in static markup the anchor Remix's `<Link>` renders, drawn
 * without the router's work for each link (a home's cards have 45) and outside a router too.
 */
export function PageLink({ to, className, preventScrollReset, children }: PageLinkProps) {
  if (useContext(StaticMarkupContext)) {
    return (
      <a className={className} data-discover="true" href={to}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className} preventScrollReset={preventScrollReset}>
      {children}
    </Link>
  );
}

/**
 * `element`'s HTML drawn on its own, outside the page's render and router, in `translator`'s
 * language: for markup the server draws once and puts in many pages (decisions 071, 074).
 */
export function drawStatic(element: ReactElement, translator: Translator<Strings>, saveData = false): string {
  return renderToStaticMarkup(
    <TranslatorProvider value={translator}>
      <SaveDataProvider value={saveData}>
        <StaticMarkup>{element}</StaticMarkup>
      </SaveDataProvider>
    </TranslatorProvider>,
  );
}
