import { spawn, spawnSync } from "node:child_process";
import { pairedMedians, startApp } from "./servers.mjs";

/**
 * Sharing must not cost the learner (issue #17): the signed-in home's server time on an app with
 * REDIS_URL against one without, both started in this run on their own embedded mock (no
 * latency), requested one after the other in turn so the machine's noise weighs on both. The time
 * is the median full response on loopback; Redis is Debian's redis-server, as in the tests.
 */
export const REDIS_FACTOR = 1.1;
const PATH = "/";
const RUNS = 31;

function startRedis(port) {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  return new Promise((ready, fail) => {
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      output += chunk;
      if (output.includes("Ready to accept connections")) ready(child);
    });
    child.on("exit", (code) => fail(new Error(`redis-server exited with ${code}`)));
  });
}

/** `ports`: { redis, shared, sharedMock, alone, aloneMock }. Null when redis-server is not installed. */
export async function measureRedis(ports) {
  if (spawnSync("redis-server", ["--version"]).status !== 0) return null;
  const redis = await startRedis(ports.redis);
  const apps = [];
  try {
    const shared = await startApp({
      port: ports.shared,
      mockPort: ports.sharedMock,
      env: { REDIS_URL: `redis://127.0.0.1:${ports.redis}` },
    });
    apps.push(shared);
    const alone = await startApp({ port: ports.alone, mockPort: ports.aloneMock });
    apps.push(alone);
    const {
      medians: [withMs, withoutMs],
      samples: [withRedis, without],
    } = await pairedMedians(shared, alone, PATH, RUNS);
    return {
      path: PATH,
      runs: RUNS,
      withRedisMs: Number(withMs.toFixed(1)),
      withoutMs: Number(withoutMs.toFixed(1)),
      samplesWithRedisMs: withRedis.map((ms) => Math.round(ms)),
      samplesWithoutMs: without.map((ms) => Math.round(ms)),
      ratio: withMs / withoutMs,
      target: REDIS_FACTOR,
    };
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
    redis.kill("SIGKILL");
  }
}

export function redisFigure(result) {
  const figure = `Signed-in page server time with Redis / without (${PATH})`;
  const target = `≤ ${REDIS_FACTOR} ×`;
  if (!result) return { figure, value: "not measured: redis-server is not installed", target, pass: false };
  return {
    figure,
    value: `${result.withRedisMs} / ${result.withoutMs} ms = ${result.ratio.toFixed(3)} × (medians of ${result.runs})`,
    target,
    pass: result.ratio <= REDIS_FACTOR,
  };
}
