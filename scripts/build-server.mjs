// Bundles the Node entry points in server/ (launcher, HTTP server, mock legacy API, SSO link tool), the PDF
// renderer's worker (app/player/server/pdf/worker.server.ts, loaded by the server build from build/bin) to build/bin;
// then the service worker.
import { readFile } from "node:fs/promises";
import { build } from "esbuild";

await build({
  entryPoints: {
    start: "server/start.ts",
    serve: "server/serve.ts",
    "sso-link": "server/sso-link.ts",
    mock: "mock/cli.ts",
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
// It precaches the browser chunks that keep and send progress made offline (the outbox), with what
// they import: a page that goes offline before it ever needed them can still load them.
const { outputs } = JSON.parse(await readFile("build/metafile.js.json", "utf8"));
const OUTBOX_CODE = /^app\/(offline\/(outbox|outbox-sync|sync|logout|device-data)\.tsx?|player\/progress-post\.ts)$/;
const precached = new Set();
const visit = (output) => {
  if (precached.has(output) || !outputs[output]) return;
  precached.add(output);
  for (const imported of outputs[output].imports ?? []) if (imported.kind === "import-statement") visit(imported.path);
};
for (const [output, { inputs }] of Object.entries(outputs)) {
  if (output.endsWith(".js") && Object.keys(inputs).some((input) => OUTBOX_CODE.test(input))) visit(output);
}
await build({
  entryPoints: ["sw/service-worker.ts"],
  outfile: "public/sw.js",
  bundle: true,
  format: "iife",
  target: "es2020",
  minify: true,
  define: {
    "process.env.NODE_ENV": '"production"',
    "self.__WB_MANIFEST": JSON.stringify(
      [...precached].map((output) => ({ url: output.replace(/^public/, ""), revision: null })),
    ),
  },
  logLevel: "warning",
});
