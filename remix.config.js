import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Routes come from remix-flat-routes: a feature's routes share a `+` folder with its `.server.ts` helpers.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: [".*", "**/*.css", "**/*.test.{ts,tsx}", "**/*.server.*", "**/*.client.*"],
    }),
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [/^remix-i18next/, /^remix-auth/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
