import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { build } from "esbuild";
import { startBombHost, treeRss } from "./abuse.mjs";
import { signIn, startApp } from "./servers.mjs";

/**
 * Figure 6 (issues #12 and #26): the crafted PDFs that froze or killed the server, asked for again
 * and again by two learners, while /healthz is probed and a third learner loads the home page; the
 * serving process and its PDF renderers have their memory sampled. Every bomb request
 * names a new file, so each is downloaded, scanned and parsed afresh (no cached refusal helps).
 * The bombs come from the tests' generator (tests/fixtures/pdf-bombs.ts).
 */

export const PDF_BOMB_TARGETS = { healthP99Ms: 200, pageMs: 2000 };
const LOAD_SECONDS = 20;
const BASELINE_SECONDS = 5;
/** Requests each bomb-asking learner keeps in flight: their per-learner cap. */
const IN_FLIGHT = 8;
const [ATTACKERS, READER] = [["ana.martinez", "javier.lopez"], "valentina.herrera"];

/** The generator of the tests, bundled to run here (it is TypeScript). */
export async function bombFiles() {
  const { outputFiles } = await build({
    entryPoints: ["tests/fixtures/pdf-bombs.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
  });
  const bombs = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].contents).toString("base64")}`);
  return {
    inflate: await bombs.inflateBomb(),
    "text-ops": bombs.textOpsBomb(),
    // Under the operations cap: seconds of drawing, the heaviest page that is drawn.
    "text-ops-drawn": bombs.textOpsBomb(90_000),
    thin: bombs.thinPage(),
    "huge-image": bombs.hugeImage(),
    jbig2: bombs.jbig2Bomb(),
    // Issue #26: 30 Flate streams of 60 MiB, a form that draws itself, 14 levels of forms drawn 4
    // times, 2,000 inline images of 4000 × 4000.
    streams: await bombs.streamsBomb(),
    "self-drawing": bombs.selfDrawingForm(),
    "nested-forms": bombs.nestedForms(),
    "inline-images": bombs.inlineImagesBomb(),
  };
}

async function timed(url, init) {
  const start = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { ms: performance.now() - start, status: response.status };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

export async function measurePdfBombs({ port, mockPort }) {
  const bombs = await bombFiles();
  const host = await startBombHost(bombs);
  const app = await startApp({ port, mockPort, env: { FILES_HOST_URL: host.origin } });
  try {
    const attackers = await Promise.all(
      ATTACKERS.map((user) => signIn(app, { email: `${user}@academia.test`, mockOrigin: null })),
    );
    let until = 0;
    const probe = async (url, init, everyMs, into) => {
      while (performance.now() < until) {
        const result = await timed(url, init).catch(() => ({ ms: Number.POSITIVE_INFINITY, status: "error" }));
        into.push(result);
        await sleep(everyMs);
      }
    };
    const reader = await signIn(app, { email: `${READER}@academia.test`, mockOrigin: null });
    const kinds = Object.keys(bombs);
    const widths = [360, 720, 1080];
    // The machine is shared: /healthz with no bombs first, the same way, as the baseline.
    const quiet = [];
    until = performance.now() + BASELINE_SECONDS * 1000;
    await probe(`${app.origin}/healthz`, {}, 100, quiet);
    until = performance.now() + LOAD_SECONDS * 1000;
    const statuses = {};
    let file = 0;
    const attack = async (cookie) => {
      while (performance.now() < until) {
        const n = file++;
        const url = `${app.origin}/pdf-pages/${widths[n % 3]}/storage/media/${kinds[n % kinds.length]}-${n}.pdf/1.png`;
        const { status } = await timed(url, { headers: { Cookie: cookie } }).catch(() => ({ status: "error" }));
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    };
    const health = [];
    const pages = [];
    let peakRss = 0;
    const sampling = setInterval(() => (peakRss = Math.max(peakRss, treeRss(app.pid))), 100);
    await Promise.all([
      ...attackers.flatMap((cookie) => Array.from({ length: IN_FLIGHT }, () => attack(cookie))),
      probe(`${app.origin}/healthz`, {}, 100, health),
      probe(`${app.origin}/`, { headers: { Cookie: reader } }, 500, pages),
    ]);
    clearInterval(sampling);
    const alive = await fetch(`${app.origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    const healthP99Ms = Math.round(
      percentile(
        health.map((probe) => probe.ms),
        99,
      ),
    );
    const quietP99Ms = Math.round(
      percentile(
        quiet.map((probe) => probe.ms),
        99,
      ),
    );
    const pageMaxMs = Math.round(Math.max(...pages.map((page) => page.ms)));
    const failed = [...health, ...pages].filter((probe) => probe.status !== 200).length;
    return {
      seconds: LOAD_SECONDS,
      bombRequests: Object.values(statuses).reduce((sum, count) => sum + count, 0),
      statuses,
      healthProbes: health.length,
      healthP99Ms,
      quietP99Ms,
      pageLoads: pages.length,
      pageMaxMs,
      failed,
      alive,
      peakRssMb: Math.round(peakRss / 1024 / 1024),
      pass: alive && failed === 0 && healthP99Ms < PDF_BOMB_TARGETS.healthP99Ms && pageMaxMs < PDF_BOMB_TARGETS.pageMs,
    };
  } finally {
    await app.stop();
    host.close();
  }
}

/** The figure's line: name, value, target and verdict, as bench/run.mjs prints them. */
export function pdfBombsFigure(result) {
  const statuses = Object.entries(result.statuses)
    .map(([status, count]) => `${count}×${status}`)
    .join(" ");
  return {
    figure: "PDF bombs: /healthz p99 and a signed-in page's time while bombs render",
    value:
      `/healthz p99 ${result.healthP99Ms} ms (${result.healthProbes} probes; ${result.quietP99Ms} ms with no bombs), home max ${result.pageMaxMs} ms (${result.pageLoads} loads), ` +
      `${result.failed} failed; ${result.bombRequests} bomb requests in ${result.seconds} s (${statuses}); ` +
      `peak RSS of the serving process and its renderers ${result.peakRssMb} MiB${result.alive ? "" : ", server down"}`,
    target: `/healthz p99 < ${PDF_BOMB_TARGETS.healthP99Ms} ms, page < ${PDF_BOMB_TARGETS.pageMs} ms, none failed`,
    pass: result.pass,
  };
}
