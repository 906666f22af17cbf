// Bundles the Node entry points in server/ (launcher, HTTP server, mock legacy API, SSO link tool), the PDF
// renderer (app/player/server/pdf/worker.server.ts, started by the server build from build/bin) to build/bin;
// then the service worker, and each browser file compressed beside it.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { build } from "esbuild";

await build({
  entryPoints: {
    start: "server/start.ts",
    serve: "server/serve.ts",
    "sso-link": "server/sso-link.ts",
    mock: "mock/cli.ts",
  },
  outdir: "build/bin",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});

// The PDF renderer (app/player/server/pdf/worker.server.ts, a process of its own) bundles pdf.js's
// worker side, with the classes its render budget hooks (budget.server.ts) exported: pdf.js exports
// only its message handler. A pdf.js whose classes are named otherwise fails this build.
const PDFJS_WORKER = "pdfjs-dist/legacy/build/pdf.worker.mjs";
const PDFJS_HOOKED = ["DecodeStream", "FlateStream", "OperatorList", "PartialEvaluator"];
const pdfjsInternals = {
  name: "pdfjs-internals",
  setup(plugin) {
    plugin.onResolve({ filter: /^pdfjs-dist\/legacy\/build\/pdf\.worker\.mjs$/ }, () => ({
      path: createRequire(import.meta.url).resolve(PDFJS_WORKER),
    }));
    plugin.onLoad({ filter: /[\\/]pdfjs-dist[\\/]legacy[\\/]build[\\/]pdf\.worker\.mjs$/ }, async ({ path }) => {
      const source = await readFile(path, "utf8");
      for (const name of PDFJS_HOOKED) {
        if (!new RegExp(`^class ${name} `, "m").test(source)) throw new Error(`${PDFJS_WORKER}: no class ${name}`);
      }
      return { contents: `${source}\nexport { ${PDFJS_HOOKED.join(", ")} };\n`, loader: "js" };
    });
  },
};
await build({
  entryPoints: { "pdf-worker": "app/player/server/pdf/worker.server.ts" },
  outdir: "build/bin",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  plugins: [pdfjsInternals],
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

// The framework's chunk (React DOM, React Router, Remix) runs nearly whole at hydration: this first line has
// V8 (Chrome 136+) compile it eagerly, off the main thread as it streams, instead of function by function on
// the main thread inside the page's one module-evaluation task (decision 081). Other browsers ignore it.
const EAGER = "//# allFunctionsCalledOnLoad\n";
const framework = Object.keys(outputs).filter((output) =>
  Object.keys(outputs[output].inputs).some((input) => /node_modules\/react-dom\/cjs\/react-dom\.production/.test(input)),
);
if (framework.length !== 1) throw new Error(`React DOM is in ${framework.length} browser chunks, not one: ${framework}`);
const frameworkSource = await readFile(framework[0], "utf8");
if (!frameworkSource.startsWith(EAGER)) await writeFile(framework[0], EAGER + frameworkSource);

// The browser's files, compressed once here instead of on every request (decision 080): a page's
// ~33 modules cost the server more to compress and send than the page itself. Brotli at its best
// and gzip beside each file of 1 kB or more (below that, `compression` sends them as they are).
const ASSETS = "public/build";
const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
await Promise.all(
  (await readdir(ASSETS, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.(js|css)$/.test(entry.name))
    .map(async (entry) => {
      const path = join(entry.parentPath, entry.name);
      const source = await readFile(path);
      if (source.length < 1024) return;
      const brotli = brotliCompress(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      });
      await Promise.all([writeFile(`${path}.br`, await brotli), writeFile(`${path}.gz`, await gzip(source, { level: 9 }))]);
    }),
);
