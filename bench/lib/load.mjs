import autocannon from "autocannon";
import { rssOf } from "./servers.mjs";

/** Throughput and memory under load: autocannon, 50 connections, from this process. */
const CONNECTIONS = 50;

function summary(result) {
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Issue #31 item 4: home at 50 connections ≥ 0.2 × the bare floor's requests per second, p99 ≤ 1 s, no error. */
export const THROUGHPUT_TARGET = 0.2;
export const THROUGHPUT_P99_LIMIT_MS = 1_000;
/** Each side's first seconds at 50 connections, discarded: a process's JIT and heap grow into the load. */
const WARM_UP_SECONDS = 3;
const ROUNDS = 5;
const ROUND_SECONDS = 4;

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

/**
 * 50 connections on the floor's page and on the signed-in app page, after a warm-up of each, in
 * `rounds` rounds of `seconds` on each side taken in turn: the ratio is the median of the rounds'
 * ratios, so a burst of load from other work on the machine weighs on both sides of a round and
 * one slow round does not decide. The app's p99 is its worst round's; its errors are all rounds'.
 * With `sameWorkUrl`, the same-work floor takes a third turn in each round, measured the same way:
 * what a page that does home's I/O and draws its cards with nothing else reaches on this machine
 * in the same minutes (reported beside the target, not judged).
 */
export async function measureThroughput({ floorUrl, appUrl, cookie, sameWorkUrl, rounds = ROUNDS, seconds = ROUND_SECONDS }) {
  const run = (url, duration, headers = {}) => autocannon({ url, connections: CONNECTIONS, duration, headers }).then(summary);
  await run(floorUrl, WARM_UP_SECONDS);
  await run(appUrl, WARM_UP_SECONDS, { cookie });
  if (sameWorkUrl) await run(sameWorkUrl, WARM_UP_SECONDS);
  const slices = [];
  for (let round = 0; round < rounds; round++) {
    const floor = await run(floorUrl, seconds);
    const app = await run(appUrl, seconds, { cookie });
    const sameWork = sameWorkUrl ? await run(sameWorkUrl, seconds) : undefined;
    slices.push({ floor, app, ratio: app.requestsPerSecond / floor.requestsPerSecond, sameWork });
  }
  const total = (side, key) => slices.reduce((sum, slice) => sum + slice[side][key], 0);
  const ratios = slices.map((slice) => slice.ratio);
  const sideOf = (side) => ({
    requestsPerSecond: total(side, "requests") / (rounds * seconds),
    requests: total(side, "requests"),
    p50Ms: median(slices.map((slice) => slice[side].p50Ms)),
    p99Ms: Math.max(...slices.map((slice) => slice[side].p99Ms)),
  });
  const app = {
    ...sideOf("app"),
    errors: total("app", "errors"),
    timeouts: total("app", "timeouts"),
    non2xx: total("app", "non2xx"),
  };
  const floor = sideOf("floor");
  const sameWork = sameWorkUrl
    ? {
        ...sideOf("sameWork"),
        ratio: median(slices.map((slice) => slice.sameWork.requestsPerSecond / slice.floor.requestsPerSecond)),
        homeRatio: median(slices.map((slice) => slice.app.requestsPerSecond / slice.sameWork.requestsPerSecond)),
      }
    : undefined;
  const ratio = median(ratios);
  const clean = app.errors === 0 && app.timeouts === 0 && app.non2xx === 0;
  return {
    connections: CONNECTIONS,
    warmUpSeconds: WARM_UP_SECONDS,
    rounds,
    seconds,
    slices,
    app,
    floor,
    sameWork,
    ratio,
    ratioRange: [Math.min(...ratios), Math.max(...ratios)],
    target: THROUGHPUT_TARGET,
    p99LimitMs: THROUGHPUT_P99_LIMIT_MS,
    clean,
    pass: ratio >= THROUGHPUT_TARGET && clean && app.p99Ms <= THROUGHPUT_P99_LIMIT_MS,
  };
}

export const MEMORY_LIMIT_BYTES = 250 * 1024 * 1024;
export const MEMORY_GROWTH_LIMIT = 0.1;

/** Up to `amount` requests, stopped after `capSeconds` so the bench keeps to its ~10 minutes. */
async function batch(url, headers, amount, capSeconds) {
  const job = autocannon({ url, connections: CONNECTIONS, amount, headers });
  const timer = setTimeout(() => job.stop(), capSeconds * 1000);
  const result = await job;
  clearTimeout(timer);
  return { done: result["2xx"], failed: result.errors + result.timeouts + result.non2xx, seconds: result.duration };
}

/**
 * RSS of the serving process after `half` signed-in requests, then after `2 × half`: bounded and
 * flat. Each half stops after `capSeconds` (the floor's after `floorCapSeconds`: it is only there
 * for comparison); the figures then say how many requests were made.
 */
export async function measureMemory({
  app,
  appUrl,
  cookie,
  floor,
  floorUrl,
  half = 10_000,
  capSeconds = 300,
  floorCapSeconds = 30,
}) {
  const loadTwice = async (url, pid, headers, cap) => {
    const start = rssOf(pid);
    const first = await batch(url, headers, half, cap);
    const afterFirst = rssOf(pid);
    const second = await batch(url, headers, half, cap);
    const afterSecond = rssOf(pid);
    return {
      start,
      afterFirst,
      afterSecond,
      growth: afterSecond / afterFirst - 1,
      requests: [first.done, first.done + second.done],
      seconds: [first.seconds, second.seconds],
      failed: first.failed + second.failed,
      complete: first.done + first.failed >= half && second.done + second.failed >= half,
    };
  };
  const floorRss = await loadTwice(floorUrl, floor.pid, {}, floorCapSeconds);
  const appRss = await loadTwice(appUrl, app.pid, { cookie }, capSeconds);
  return {
    target: { requests: half * 2, limitBytes: MEMORY_LIMIT_BYTES, growthLimit: MEMORY_GROWTH_LIMIT },
    capSecondsPerHalf: { app: capSeconds, floor: floorCapSeconds },
    floor: floorRss,
    app: appRss,
    pass:
      appRss.complete && appRss.afterSecond < MEMORY_LIMIT_BYTES && appRss.growth <= MEMORY_GROWTH_LIMIT && appRss.failed === 0,
  };
}
