import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLng } from "~/i18n";
import { translatorFor } from "~/infra/language.server";

/**
 * `/manifest/:lng`: the web app manifest (installable on a phone's home screen) in the page's
 * language. The page names its language in the address: a browser fetches a manifest without
 * cookies, so the language cookie would not reach it.
 */
export function loader({ params }: LoaderFunctionArgs) {
  if (!isLng(params.lng)) return new Response("Not Found", { status: 404 });
  const t = translatorFor(params.lng).scoped("common");
  const manifest = {
    name: t("server:common.app.tagline"),
    short_name: t("app.name"),
    description: t("server:common.app.description"),
    lang: params.lng,
    dir: "ltr",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: "#f5f7fa",
    theme_color: "#0b3d6e",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=86400" },
  });
}
