// `npm run bench`: the performance budgets of issue #7, each measured next to the framework floor
// (bench/floor) in the same run, since the machine is shared and noisy. Prints every figure with
// its target and PASS/MISS and writes bench/results/<timestamp>.json and bench/results/latest.json.
// Method and latest results: docs/performance.md. Not part of `npm test`.
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { FANOUT_FACTOR, measureFanout } from "./lib/fanout.mjs";
import { measureJs } from "./lib/js-budget.mjs";
import { measureLighthouse } from "./lib/lighthouse.mjs";
import { MEMORY_GROWTH_LIMIT, MEMORY_LIMIT_BYTES, measureMemory, measureThroughput } from "./lib/load.mjs";
import { PAGES } from "./lib/pages.mjs";
import { measurePdfBombs, pdfBombsFigure } from "./lib/pdf-bombs.mjs";
import { measureRedis, redisFigure } from "./lib/redis.mjs";
import { buildAll, signIn, startApp, startFloor } from "./lib/servers.mjs";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));

const PORTS = {
  app: 3610,
  appMock: 4610,
  fanout: 3620,
  fanoutMock: 4620,
  memory: 3640,
  memoryMock: 4640,
  pdfBombs: 3650,
  pdfBombsMock: 4650,
  floor: 3630,
  redis: { redis: 6660, shared: 3660, sharedMock: 4660, alone: 3670, aloneMock: 4670 },
  devtools: 4690,
};
const LATENCY_MS = 100;

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const verdict = (pass) => (pass ? "PASS" : "MISS");
const lines = [];
function report(figure, value, target, pass) {
  lines.push({ figure, value, target, pass });
  process.stdout.write(`${verdict(pass)}  ${figure}\n      ${value}  |  target ${target}\n`);
}
const phase = (name) => process.stderr.write(`\n== ${name} (${new Date().toISOString().slice(11, 19)})\n`);

const started = new Date();
const servers = [];
// Ctrl-C or a kill: stop what the bench started before leaving.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    void Promise.all(servers.map((server) => server.stop())).then(() => process.exit(130));
  });
}
const results = {
  startedAt: started.toISOString(),
  machine: { cpus: availableParallelism(), loadAverage: loadavg(), node: process.version },
};

try {
  phase("build");
  buildAll();

  phase("start the app (embedded mock, production) and the floor");
  const floor = await startFloor({ port: PORTS.floor });
  servers.push(floor);
  const app = await startApp({ port: PORTS.app, mockPort: PORTS.appMock });
  servers.push(app);
  const cookie = await signIn(app);
  const pages = PAGES.map((page) => ({
    ...page,
    url: `${app.origin}${page.path}`,
    cookie: page.signedIn ? cookie : undefined,
  }));
  const floorUrl = `${floor.origin}/`;

  phase("1. JS budget");
  results.js = await measureJs({
    floorUrl,
    pages,
    metafiles: { app: "build/metafile.js.json", floor: "bench/floor/build/metafile.js.json" },
  });
  for (const page of results.js.pages) {
    report(
      `JS ${page.name} (${page.path})`,
      `${kb(page.gzip)} gzip, ${page.files} files = ${page.ratio.toFixed(2)} × floor`,
      `≤ ${page.target} × floor (${kb(results.js.floor.gzip)})`,
      page.pass,
    );
  }

  phase("2. Lighthouse mobile");
  results.lighthouse = await measureLighthouse({ floorUrl, pages, port: PORTS.devtools });
  const { targets, floor: lhFloor } = results.lighthouse;
  for (const page of results.lighthouse.pages) {
    report(
      `Lighthouse ${page.name} (${page.path})`,
      `perf ${page.performance} a11y ${page.accessibility} bp ${page.bestPractices}`,
      `perf ≥ ${targets.performance} a11y ${targets.accessibility} bp ≥ ${targets.bestPractices} (floor ${lhFloor.performance}/${lhFloor.accessibility}/${lhFloor.bestPractices})`,
      page.pass,
    );
  }

  phase("3. Upstream fan-out");
  const slow = await startApp({ port: PORTS.fanout, mockPort: PORTS.fanoutMock, latencyMs: LATENCY_MS, logs: true });
  servers.push(slow);
  results.fanout = await measureFanout({
    slow,
    slowCookie: await signIn(slow),
    quick: app,
    quickCookie: cookie,
    latencyMs: LATENCY_MS,
    pages: PAGES.filter((page) => page.name === "home" || page.name === "route page"),
  });
  for (const page of results.fanout.pages) {
    report(
      `Fan-out ${page.name} (${page.path})`,
      `${page.serverMs} ms = ${page.ratio.toFixed(2)} × L; ${page.upstreamCalls} calls, ${page.roundTrips.toFixed(2)} round trips (${page.serverMsWithoutLatency} ms at L = 0)`,
      `≤ ${FANOUT_FACTOR} × L (L = ${LATENCY_MS} ms)`,
      page.pass,
    );
  }
  await slow.stop();

  phase("4. Throughput");
  const throughput = await measureThroughput({ floorUrl, appUrl: `${app.origin}/`, cookie });
  results.throughput = throughput;
  report(
    "Throughput signed-in home / floor",
    `${throughput.app.requestsPerSecond.toFixed(1)} / ${throughput.floorRequestsPerSecond.toFixed(1)} req/s = ${throughput.ratio.toFixed(3)}`,
    `≥ ${throughput.target}`,
    throughput.ratio >= throughput.target,
  );
  report(
    "Throughput errors, timeouts, non-2xx",
    `${throughput.app.errors}, ${throughput.app.timeouts}, ${throughput.app.non2xx}`,
    "0, 0, 0",
    throughput.clean,
  );
  report(
    "Throughput latency p50 / p99",
    `${throughput.app.p50Ms} / ${throughput.app.p99Ms} ms (floor ${throughput.floorBefore.p50Ms} / ${throughput.floorBefore.p99Ms} ms)`,
    "reported",
    true,
  );
  await app.stop();

  phase("5. Memory");
  const fresh = await startApp({ port: PORTS.memory, mockPort: PORTS.memoryMock });
  servers.push(fresh);
  const memory = await measureMemory({ app: fresh, appUrl: `${fresh.origin}/`, cookie: await signIn(fresh), floor, floorUrl });
  results.memory = memory;
  const { app: rss, target } = memory;
  const made = rss.complete
    ? `${rss.requests[1]} requests`
    : `only ${rss.requests[1]} of ${target.requests} requests in 2 × ${memory.capSecondsPerHalf.app} s`;
  report(
    "Memory RSS after the home requests",
    `${mb(rss.afterSecond)} after ${made} (floor ${mb(memory.floor.afterSecond)})`,
    `< ${mb(MEMORY_LIMIT_BYTES)} after ${target.requests}`,
    rss.complete && rss.afterSecond < MEMORY_LIMIT_BYTES,
  );
  report(
    "Memory growth, second half of the requests",
    `${mb(rss.afterFirst)} → ${mb(rss.afterSecond)} = ${(rss.growth * 100).toFixed(1)} %, ${rss.failed} failed`,
    `≤ ${MEMORY_GROWTH_LIMIT * 100} %, 0 failed`,
    rss.complete && rss.growth <= MEMORY_GROWTH_LIMIT && rss.failed === 0,
  );
  await fresh.stop();

  phase("6. PDF bombs");
  results.pdfBombs = await measurePdfBombs({ port: PORTS.pdfBombs, mockPort: PORTS.pdfBombsMock });
  const bombs = pdfBombsFigure(results.pdfBombs);
  report(bombs.figure, bombs.value, bombs.target, bombs.pass);

  phase("7. Redis");
  results.redis = await measureRedis(PORTS.redis);
  const redis = redisFigure(results.redis);
  report(redis.figure, redis.value, redis.target, redis.pass);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}

results.durationSeconds = Math.round((Date.now() - started.getTime()) / 1000);
results.summary = lines;
mkdirSync("bench/results", { recursive: true });
const json = `${JSON.stringify(results, null, 2)}\n`;
const file = `bench/results/${started.toISOString().replace(/[:.]/g, "-")}.json`;
writeFileSync(file, json);
writeFileSync("bench/results/latest.json", json);
const missed = lines.filter((line) => !line.pass).length;
process.stdout.write(`\n${lines.length - missed} held, ${missed} missed, in ${results.durationSeconds} s; results in ${file}\n`);
