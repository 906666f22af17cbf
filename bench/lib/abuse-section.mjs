import { spawn, spawnSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { abuseFigure, apart, homeTimes, startBombHost, underAttack } from "./abuse.mjs";
import { bombFiles } from "./pdf-bombs.mjs";
import { DEMO, signIn, startApp } from "./servers.mjs";

/**
 * The bench's "abuse" section (issue #26): each of the red team's attacks against the app as
 * `npm start` runs it (HEAP_MB 192), with another learner's home p99 against its baseline and the
 * peak RSS, PASS/MISS on the bounds. The same attacks are asserted by
 * tests/serial/abuse.test.ts.
 */
const CARLOS = "carlos.ruiz@academia.test";
const BOMB_KINDS = ["streams", "self-drawing", "nested-forms", "inline-images"];

export async function measureAbuse({ port, mockPort, redisPort }) {
  const bombs = await bombFiles();
  const host = await startBombHost(Object.fromEntries(BOMB_KINDS.map((kind) => [kind, bombs[kind]])));
  const figures = [];
  const app = await startApp({ port, mockPort, env: { FILES_HOST_URL: host.origin, HEAP_MB: "192" } });
  try {
    const ana = await signIn(app, { email: DEMO.email });
    const carlos = await signIn(app, { email: CARLOS });
    const javier = await signIn(app, { email: "javier.lopez@academia.test" });
    const attacks = [
      [
        "150 of the largest player writes in parallel, one learner",
        () => apart("progressWrites", app.origin, ana, { parallel: 150, valid: true }),
      ],
      [
        "400 of the largest player writes in parallel, one learner",
        () => apart("progressWrites", app.origin, ana, { parallel: 400, valid: true }),
      ],
      [
        "200 invalid player writes in parallel, one learner",
        () => apart("progressWrites", app.origin, ana, { parallel: 200, valid: false }),
      ],
      [
        "3,900 sign-in bodies sending a byte every 5 s, no session",
        () => apart("slowBodies", app.origin, { connections: 3_900 }),
      ],
      [
        "PDF bombs, two learners with 8 renders each",
        () => apart("pdfRenders", app.origin, [ana, javier], { kinds: BOMB_KINDS }),
      ],
    ];
    for (const [name, start] of attacks) {
      figures.push(
        abuseFigure(name, await underAttack({ origin: app.origin, launcherPid: app.launcherPid, cookie: carlos, start })),
      );
      // The refused bodies' connections close and the renderers settle before the next attack.
      await sleep(3_000);
    }
  } finally {
    await app.stop();
    host.close();
  }
  if (spawnSync("redis-server", ["--version"]).status === 0) figures.push(await redisHang({ port, mockPort, redisPort }));
  return figures;
}

async function redisHang({ port, mockPort, redisPort }) {
  const redis = spawn("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  await sleep(300);
  const app = await startApp({ port, mockPort, env: { REDIS_URL: `redis://127.0.0.1:${redisPort}`, HEAP_MB: "192" } });
  try {
    const carlos = await signIn(app, { email: CARLOS });
    const ana = await signIn(app, { email: DEMO.email });
    const result = await underAttack({
      origin: app.origin,
      launcherPid: app.launcherPid,
      cookie: carlos,
      start: () => {
        redis.kill("SIGSTOP");
        // Another learner's requests are the few that wait for the timeout and open the circuit.
        const opening = homeTimes(app.origin, ana, 4, 4);
        return { stop: async () => ({ opening: (await opening).map((ms) => Math.round(ms)) }) };
      },
    });
    return abuseFigure("Redis paused (SIGSTOP), after the circuit opened", result);
  } finally {
    redis.kill("SIGCONT");
    await app.stop();
    redis.kill("SIGKILL");
  }
}
