// `npm run bench`: the performance budgets of issues #7 and #16, the PWA checks of #18 and the abuse of #26, each measured
// next to the framework floor (bench/floor) in the same run, since the machine is shared and noisy. Prints every figure
// with its target and PASS/MISS and writes bench/results/<timestamp>.json and
// bench/results/latest.json (a whole run only). `--only server-time,throughput` runs some sections.
// Method and latest results: docs/performance.md. Not part of `npm test`.
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { measureAbuse } from "./lib/abuse-section.mjs";
import { FANOUT_FACTOR, measureFanout } from "./lib/fanout.mjs";
import { measureJs } from "./lib/js-budget.mjs";
import { measureLighthouse } from "./lib/lighthouse.mjs";
import { MEMORY_GROWTH_LIMIT, MEMORY_LIMIT_BYTES, measureMemory, measureThroughput } from "./lib/load.mjs";
import { PAGES } from "./lib/pages.mjs";
import { measurePdfBombs, pdfBombsFigure } from "./lib/pdf-bombs.mjs";
import { measurePwa } from "./lib/pwa.mjs";
import { measureRedis, redisFigure } from "./lib/redis.mjs";
import { startReplay } from "./lib/replay.mjs";
import { measureServerTime } from "./lib/server-time.mjs";
import { buildAll, signIn, startApp, startFloor } from "./lib/servers.mjs";
import { measureStrings } from "./lib/strings.mjs";
import { measureTracing, tracingFigure } from "./lib/tracing.mjs";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));

const PORTS = {
  app: 3610,
  appMock: 4610,
  fanout: 3620,
  fanoutMock: 4620,
  memory: 3640,
  replayApp: 3680,
  replayMock: 4680,
  replay: 4685,
  pdfBombs: 3650,
  pdfBombsMock: 4650,
  floor: 3630,
  sameWorkFloor: 3631,
  redis: { redis: 6660, shared: 3660, sharedMock: 4660, alone: 3670, aloneMock: 4670 },
  devtools: 4690,
  pwa: 3695,
  pwaMock: 4695,
  abuse: { port: 3700, mockPort: 4700, redisPort: 6700 },
  tracing: { traced: 3710, tracedMock: 4710, plain: 3711, plainMock: 4711 },
};
const LATENCY_MS = 100;

const SECTIONS = [
  "js",
  "lighthouse",
  "pwa",
  "fanout",
  "server-time",
  "throughput",
  "memory",
  "strings",
  "pdf-bombs",
  "redis",
  "tracing",
  "abuse",
];
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt === -1 ? SECTIONS : (process.argv[onlyAt + 1] ?? "").split(",");
const unknown = only.filter((section) => !SECTIONS.includes(section));
if (unknown.length > 0) throw new Error(`unknown section ${unknown.join(", ")}; sections: ${SECTIONS.join(", ")}`);
const runs = (...sections) => sections.some((section) => only.includes(section));

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
  sections: only,
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
  const signedInPages = PAGES.filter((page) => page.signedIn);
  const floorUrl = `${floor.origin}/`;

  if (runs("js")) {
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
  }

  if (runs("lighthouse")) {
    phase("2. Lighthouse mobile");
    results.lighthouse = await measureLighthouse({ floorUrl, pages, port: PORTS.devtools });
    const { targets, floor: lhFloor, runs: lhRuns } = results.lighthouse;
    for (const page of results.lighthouse.pages) {
      report(
        `Lighthouse ${page.name} (${page.path}), median of ${lhRuns}`,
        `perf ${page.performance} (runs ${page.performanceRuns.join(", ")}) a11y ${page.accessibility} bp ${page.bestPractices}`,
        `perf ≥ ${targets.performance} a11y ${targets.accessibility} bp ≥ ${targets.bestPractices} (floor ${lhFloor.performance}/${lhFloor.accessibility}/${lhFloor.bestPractices})`,
        page.pass,
      );
    }
  }

  if (runs("pwa")) {
    phase("2b. Installable and offline (Lighthouse's former PWA audits)");
    const own = await startApp({ port: PORTS.pwa, mockPort: PORTS.pwaMock });
    servers.push(own);
    results.pwa = await measurePwa({ app: own });
    const { installable, serviceWorker, offlineStartUrl } = results.pwa;
    report(
      "PWA installable manifest",
      installable.errors.length === 0 ? `no installability error (${results.pwa.manifest})` : installable.errors.join(", "),
      "Chromium's Page.getInstallabilityErrors empty",
      installable.pass,
    );
    report(
      "PWA service worker",
      `${serviceWorker.scriptUrl ?? "none"}, scope ${serviceWorker.scope ?? "none"}, controls the page: ${serviceWorker.controls}`,
      "an active worker whose scope holds the start URL, controlling the page",
      serviceWorker.pass,
    );
    report(
      "PWA offline start URL",
      `${results.pwa.startUrl} with the server stopped: ${offlineStartUrl.status}${offlineStartUrl.heading ? ` ('${offlineStartUrl.heading}')` : ""}`,
      "200",
      offlineStartUrl.pass,
    );
  }

  if (runs("fanout")) {
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
  }

  if (runs("strings")) {
    phase("4. Strings block of a signed-in document");
    results.strings = await measureStrings({ origin: app.origin, cookie, pages: signedInPages });
    for (const page of results.strings.pages) {
      const figure = `Strings block ${page.name} (${page.path})`;
      const value = `${page.bytes} B of ${page.htmlBytes} B of HTML`;
      const target = `≤ ${results.strings.limitBytes} B`;
      if (page.name === "ranking" || page.name === "profile") report(figure, value, target, page.pass);
      else report(figure, value, "reported", true);
      if (page.htmlTarget) {
        report(`Document ${page.name} (${page.path})`, `${page.htmlBytes} B of HTML`, `≤ ${page.htmlTarget} B`, page.htmlPass);
      }
    }
  }
  await app.stop();

  if (runs("server-time", "throughput", "memory")) {
    phase("5. Replay: recording the measured pages through the mock, then serving them from memory");
    const replay = await startReplay({ ports: { mock: PORTS.replayMock, replay: PORTS.replay } });
    servers.push(replay);
    const replayed = await replay.startApp({ port: PORTS.replayApp });
    servers.push(replayed);
    const replayCookie = await signIn(replayed, { mockOrigin: replay.mockOrigin });
    await replay.record(
      replayed,
      signedInPages.map((page) => page.path),
      replayCookie,
    );
    results.replay = { replies: await replay.freeze() };

    // The same-work floor (bench/floor/app/routes/same-work.tsx): home's upstream calls and cards,
    // for the sections that compare with it (the memory section alone does not).
    const home = runs("server-time", "throughput") ? await replay.callsOf(replayed, "/", replayCookie) : undefined;
    const cards = home?.html.match(/<article class="activity-card"/g)?.length ?? 0;
    const sameWork = home
      ? await startFloor({
          port: PORTS.sameWorkFloor,
          env: { FLOOR_UPSTREAM: replay.origin, FLOOR_CALLS: JSON.stringify(home.calls), FLOOR_CARDS: String(cards) },
        })
      : undefined;
    if (sameWork) servers.push(sameWork);

    if (runs("server-time")) {
      phase("5a. Server time at one connection, replayed upstream");
      results.serverTime = await measureServerTime({
        origin: replayed.origin,
        cookie: replayCookie,
        floorUrl,
        sameWorkUrl: `${sameWork.origin}/same-work`,
        pages: signedInPages,
      });
      results.serverTime.sameWork = { calls: home.calls.length, cards };
      report(
        "Same-work floor",
        `${results.serverTime.sameWorkMs.toFixed(1)} ms: ${home.calls.length} upstream calls, ${cards} cards (the bare floor ${results.serverTime.floorMs.toFixed(1)} ms)`,
        "reported",
        true,
      );
      for (const page of results.serverTime.pages) {
        report(
          `Server time ${page.name} (${page.path})`,
          `${page.ms.toFixed(1)} ms = ${page.ratio.toFixed(2)} × floor (${results.serverTime.floorMs.toFixed(1)} ms)`,
          `≤ ${page.target} × floor (long-range goal)`,
          page.pass,
        );
        report(
          `Server time ${page.name} / same-work floor`,
          `${page.ms.toFixed(1)} / ${results.serverTime.sameWorkMs.toFixed(1)} ms = ${page.sameWorkRatio.toFixed(2)}`,
          `≤ ${page.sameWorkTarget}`,
          page.sameWorkPass,
        );
        if (page.routePageRatio !== undefined) {
          report(
            `Server time ${page.name} / route page`,
            `${page.ms.toFixed(1)} / ${results.serverTime.routePageMs.toFixed(1)} ms = ${page.routePageRatio.toFixed(2)}`,
            `≤ ${page.routePageTarget}`,
            page.routePagePass,
          );
        }
      }
    }

    if (runs("throughput")) {
      phase("5b. Throughput, replayed upstream");
      const throughput = await measureThroughput({
        floorUrl,
        appUrl: `${replayed.origin}/`,
        cookie: replayCookie,
        sameWorkUrl: `${sameWork.origin}/same-work`,
      });
      results.throughput = throughput;
      report(
        "Throughput signed-in home / floor",
        `${throughput.ratio.toFixed(3)}, the median of ${throughput.rounds} rounds (${throughput.ratioRange.map((ratio) => ratio.toFixed(3)).join("–")}); ${throughput.app.requestsPerSecond.toFixed(1)} / ${throughput.floor.requestsPerSecond.toFixed(1)} req/s`,
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
        `${throughput.app.p50Ms} / ${throughput.app.p99Ms} ms (floor ${throughput.floor.p50Ms} / ${throughput.floor.p99Ms} ms), the worst round's p99`,
        `p99 ≤ ${throughput.p99LimitMs} ms`,
        throughput.app.p99Ms <= throughput.p99LimitMs,
      );
      report(
        "Throughput same-work floor / floor (home's I/O and cards, nothing else)",
        `${throughput.sameWork.ratio.toFixed(3)}, ${throughput.sameWork.requestsPerSecond.toFixed(1)} req/s, p50 / p99 ${throughput.sameWork.p50Ms} / ${throughput.sameWork.p99Ms} ms, in the same rounds; home ÷ same-work floor ${throughput.sameWork.homeRatio.toFixed(2)}`,
        "reported",
        true,
      );
    }
    await sameWork?.stop();
    await replayed.stop();

    if (runs("memory")) {
      phase("5c. Memory, replayed upstream");
      const fresh = await replay.startApp({ port: PORTS.memory });
      servers.push(fresh);
      const memory = await measureMemory({
        app: fresh,
        appUrl: `${fresh.origin}/`,
        cookie: await signIn(fresh, { mockOrigin: null }),
        floor,
        floorUrl,
      });
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
    }
    results.replay.stats = await replay.stats();
    report(
      "Replay: every upstream call answered from the recording",
      `${results.replay.stats.served} served from ${results.replay.replies} replies, ${results.replay.stats.misses.length} unknown`,
      "0 unknown",
      results.replay.stats.misses.length === 0,
    );
    await replay.stop();
  }

  if (runs("pdf-bombs")) {
    phase("6. PDF bombs");
    results.pdfBombs = await measurePdfBombs({ port: PORTS.pdfBombs, mockPort: PORTS.pdfBombsMock });
    const bombs = pdfBombsFigure(results.pdfBombs);
    report(bombs.figure, bombs.value, bombs.target, bombs.pass);
  }

  if (runs("redis")) {
    phase("7. Redis");
    results.redis = await measureRedis(PORTS.redis);
    const redis = redisFigure(results.redis);
    report(redis.figure, redis.value, redis.target, redis.pass);
  }

  if (runs("tracing")) {
    phase("8. Tracing");
    results.tracing = await measureTracing(PORTS.tracing);
    const tracing = tracingFigure(results.tracing);
    report(tracing.figure, tracing.value, tracing.target, tracing.pass);
  }

  if (runs("abuse")) {
    phase("9. Abuse (issue #26)");
    results.abuse = await measureAbuse(PORTS.abuse);
    for (const { figure, value, target, pass } of results.abuse) report(figure, value, target, pass);
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}

results.durationSeconds = Math.round((Date.now() - started.getTime()) / 1000);
results.summary = lines;
mkdirSync("bench/results", { recursive: true });
const json = `${JSON.stringify(results, null, 2)}\n`;
const file = `bench/results/${started.toISOString().replace(/[:.]/g, "-")}.json`;
writeFileSync(file, json);
if (only.length === SECTIONS.length) writeFileSync("bench/results/latest.json", json);
const missed = lines.filter((line) => !line.pass).length;
process.stdout.write(`\n${lines.length - missed} held, ${missed} missed, in ${results.durationSeconds} s; results in ${file}\n`);
