// Bundles the Node entry points in server/ (launcher, HTTP server, mock legacy API, SSO link tool) and the PDF
// renderer's worker (app/player/server/pdf/worker.server.ts, loaded by the server build from build/bin) to build/bin.
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
