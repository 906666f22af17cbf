import { createServer } from "node:http";
import { pairedMedians, startApp } from "./servers.mjs";

/**
 * Tracing must not cost the learner (issue #30): the signed-in home's server time on an app with
 * OTEL_EXPORTER_OTLP_ENDPOINT (spans batched to a collector on loopback, which drops them)
 * against one without, both on their own embedded mock, asked one after the other in turn so the
 * machine's noise weighs on both. Tracing off is the app every other figure measures.
 */
export const TRACING_FACTOR = 1.15;
const PATH = "/";
const RUNS = 41;

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
    const {
      medians: [onMs, offMs],
    } = await pairedMedians(traced, plain, PATH, RUNS);
    return { path: PATH, runs: RUNS, onMs, offMs, ratio: onMs / offMs, exports: spans };
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
