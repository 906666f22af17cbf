import { cssBundleHref } from "@remix-run/css-bundle";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "@remix-run/react";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { NavigationProgress } from "./components/navigation-progress";
import { Toaster } from "./components/toaster";
import { isLng } from "./i18n";
import { useRootData } from "./lib/hooks";
import { namespacesFor } from "./lib/i18n/namespaces";
import { TranslationsData, useTranslation } from "./lib/i18n/use-translation";
import { useNonce } from "./lib/nonce";
import * as serverRegistration from "./offline/registration.server";
import { data, getLanguages, wantsSaveData, getLocale, readSession, requestIdOf, getToast } from "./root.server";
// Side-effect imports: the compiler bundles every area's sheet into one file (cssBundleHref), one
// render-blocking request instead of seven, cached for every page.
import "./styles/app.css";
import "./styles/learning.css";
import "./styles/player.css";
import "./styles/engagement.css";
import "./styles/profile.css";
import "./styles/onboarding.css";
import "./styles/leader.css";
// The photo cropper's own sheet, here rather than injected at run time: CSP admits no <style> element.
import "react-easy-crop/react-easy-crop.css";

export const links: LinksFunction = () => [
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  // Installable on a phone's home screen (issue #7): the manifest (in <head>, in the page's language) and its icons.
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [{ title: "Academia" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const [{ toast, clear }, languages, saveData, session] = await Promise.all([
    getToast(request),
    getLanguages({ locale }).catch(() => []),
    wantsSaveData(request),
    readSession(request),
  ]);
  const switchable = languages.map((language) => language.isoCode).filter(isLng);
  return data(
    {
      locale,
      toast,
      saveData,
      languages: switchable.length > 0 ? switchable : [locale],
      requestId: requestIdOf(request),
      // Signed-in pages register the service worker (issue #18).
      registersWorker: Boolean(session),
    },
    { headers: clear ? { "Set-Cookie": clear } : undefined },
  );
}

export type RootData = typeof loader;

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRootData();
  const { t, i18n } = useTranslation();
  const nonce = useNonce();
  const namespaces = namespacesFor(useMatches());
  return (
    <html lang={i18n.language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* In the layout, not in `meta`: a route's own `meta` replaces the root's. */}
        <meta name="theme-color" content="#0b3d6e" />
        <link rel="manifest" href={`/manifest/${i18n.language}`} />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t("app.skipToContent")}
        </a>
        <NavigationProgress />
        {children}
        <Toaster toast={rootData?.toast ?? null} />
        <TranslationsData nonce={nonce} namespaces={namespaces} />
        <ScrollRestoration nonce={nonce} />
        {rootData?.registersWorker ? <WorkerRegistration nonce={nonce} saveData={rootData.saveData} /> : null}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The service worker's registration, written by the server (app/offline/registration.server.ts):
 * the browser runs it from the document and keeps it as it is, so its text is not in the page's
 * data too (the browser build has no such module: it renders the element empty, which React leaves).
 */
function WorkerRegistration({ nonce, saveData }: { nonce: string; saveData: boolean }) {
  const script = serverRegistration.registrationScript as typeof serverRegistration.registrationScript | undefined;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script ? script(saveData) : "" }} />;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
