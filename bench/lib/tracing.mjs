import { createServer } from "node:http";
import { signIn, startApp } from "./servers.mjs";

/**
 * Tracing must not cost the learner (issue #30): the signed-in home's server time on an app with
 * OTEL_EXPORTER_OTLP_ENDPOINT (spans batched to a collector on loopback, which drops them)
 * against one without, both on their own embedded mock, asked one after the other in turn so the
 * machine's noise weighs on both. Tracing off is the app every other figure measures.
 */
export const TRACING_FACTOR = 1.15;
const PATH = "/";
const RUNS = 41;

async function timeOne(app, cookie) {
  const started = performance.now();
  const response = await fetch(`${app.origin}${PATH}`, { headers: { Cookie: cookie }, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${PATH} answered ${response.status}`);
  return performance.now() - started;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `ports`: { traced, tracedMock, plain, plainMock }. */
export async function measureTracing(ports) {
  let spans = 0;
  const collector = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      spans += 1;
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise((resolve) => collector.listen(0, "127.0.0.1", resolve));
  const apps = [];
  try {
    const traced = await startApp({
      port: ports.traced,
      mockPort: ports.tracedMock,
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.address().port}` },
    });
    apps.push(traced);
    const plain = await startApp({ port: ports.plain, mockPort: ports.plainMock });
    apps.push(plain);
    const cookies = [await signIn(traced), await signIn(plain)];
    for (let run = 0; run < 5; run++) {
      await timeOne(traced, cookies[0]);
      await timeOne(plain, cookies[1]);
    }
    const on = [];
    const off = [];
    for (let run = 0; run < RUNS; run++) {
      on.push(await timeOne(traced, cookies[0]));
      off.push(await timeOne(plain, cookies[1]));
    }
    return { path: PATH, runs: RUNS, onMs: median(on), offMs: median(off), ratio: median(on) / median(off), exports: spans };
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
    collector.close();
  }
}

export function tracingFigure(result) {
  return {
    figure: `Signed-in page server time with tracing on / off (${result.path})`,
    value: `${result.onMs.toFixed(1)} / ${result.offMs.toFixed(1)} ms = ${result.ratio.toFixed(3)} × (medians of ${result.runs}; ${result.exports} batches exported)`,
    target: `≤ ${TRACING_FACTOR} ×`,
    pass: result.ratio <= TRACING_FACTOR && result.exports > 0,
  };
}
