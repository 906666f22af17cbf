// Bundles the Node entry points in server/ (launcher, HTTP server, mock legacy API, SSO link tool), the PDF
// renderer's worker (app/player/server/pdf/worker.server.ts, loaded by the server build from build/bin) to build/bin;
// then the service worker.
import { build } from "esbuild";

await build({
  entryPoints: {
    start: "server/start.ts",
    serve: "server/serve.ts",
    "sso-link": "server/sso-link.ts",
    mock: "server/mock/cli.ts",
    "pdf-worker": "app/player/server/pdf/worker.server.ts",
  },
  outdir: "build/bin",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});

// The service worker (sw/service-worker.ts, issue #18), served from the site's root so it can serve every page.
await build({
  entryPoints: ["sw/service-worker.ts"],
  outfile: "public/sw.js",
  bundle: true,
  format: "iife",
  target: "es2020",
  minify: true,
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
