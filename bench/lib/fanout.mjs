import { setTimeout as sleep } from "node:timers/promises";

/**
 * Upstream fan-out: the app runs on a mock that waits `latencyMs` before every call. Each page is
 * requested once to warm the catalogue cache, then `runs` times one after another; the server
 * time is the median full response time on loopback, and the legacy calls of a request are the
 * app's "legacy call" log lines written while it ran.
 */
const LOG_FLUSH_MS = 100;

async function timeOne(app, path, cookie) {
  const before = app.logs.length;
  const started = performance.now();
  const response = await fetch(`${app.origin}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  await sleep(LOG_FLUSH_MS);
  const calls = app.logs.slice(before).filter((line) => line.msg === "legacy call");
  return { ms, calls: calls.map((line) => `${line.method} ${line.path}`) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const FANOUT_FACTOR = 1.3;

/**
 * `slow` runs on the mock with `latencyMs`, `quick` on one without latency: the difference of their
 * median server times over L is the number of upstream round trips a page waits for one after
 * another (1 when every call runs in parallel), whatever the machine's own speed.
 * `pages`: [{name, path}].
 */
export async function measureFanout({ slow, slowCookie, quick, quickCookie, latencyMs, pages, runs = 7 }) {
  const results = [];
  for (const page of pages) {
    await timeOne(slow, page.path, slowCookie);
    await timeOne(quick, page.path, quickCookie);
    // Interleaved, so a burst of load from other work on the machine weighs on both sides.
    const withLatency = [];
    const without = [];
    for (let run = 0; run < runs; run++) {
      withLatency.push(await timeOne(slow, page.path, slowCookie));
      without.push(await timeOne(quick, page.path, quickCookie));
    }
    const slowMs = median(withLatency.map((item) => item.ms));
    const quickMs = median(without.map((item) => item.ms));
    const calls = withLatency.at(-1).calls;
    const ratio = slowMs / latencyMs;
    results.push({
      name: page.name,
      path: page.path,
      serverMs: Math.round(slowMs),
      samplesMs: withLatency.map((item) => Math.round(item.ms)),
      serverMsWithoutLatency: Math.round(quickMs),
      samplesMsWithoutLatency: without.map((item) => Math.round(item.ms)),
      ratio,
      roundTrips: (slowMs - quickMs) / latencyMs,
      target: FANOUT_FACTOR,
      pass: ratio <= FANOUT_FACTOR,
      upstreamCalls: calls.length,
      calls,
    });
  }
  return { latencyMs, pages: results };
}
