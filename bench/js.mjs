// `node bench/js.mjs`: figure 1 of `npm run bench` alone (JS budget), with each page's gzip bytes by
// package and its largest scripts, to measure a change to the browser's code in a minute.
// Ports: JS_BENCH_PORT for the app (3610 by default), its mock on +1000, the floor on +1.
import { fileURLToPath } from "node:url";
import { measureJs } from "./lib/js-budget.mjs";
import { PAGES } from "./lib/pages.mjs";
import { buildAll, signIn, startApp, startFloor } from "./lib/servers.mjs";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
const port = Number(process.env.JS_BENCH_PORT ?? 3610);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

buildAll();
const floor = await startFloor({ port: port + 1 });
const app = await startApp({ port, mockPort: port + 1000 }).catch(async (error) => {
  await floor.stop();
  throw error;
});
try {
  const cookie = await signIn(app);
  const { floor: measuredFloor, pages } = await measureJs({
    floorUrl: `${floor.origin}/`,
    pages: PAGES.map((page) => ({ ...page, url: `${app.origin}${page.path}`, cookie: page.signedIn ? cookie : undefined })),
    metafiles: { app: "build/metafile.js.json", floor: "bench/floor/build/metafile.js.json" },
  });
  process.stdout.write(`floor: ${measuredFloor.files} files, ${kb(measuredFloor.gzip)} gzip\n`);
  for (const page of pages) {
    const parts = Object.entries(page.gzipByPackage).map(([name, gzip]) => `${name} ${kb(gzip)}`);
    process.stdout.write(
      `${page.pass ? "PASS" : "MISS"}  ${page.name} (${page.path}): ${kb(page.gzip)}, ${page.files} files = ${page.ratio.toFixed(2)} × floor (≤ ${page.target})\n      ${parts.join(", ")}\n`,
    );
  }
} finally {
  await Promise.all([app.stop(), floor.stop()]);
}
