import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ALL_RSS_LIMIT,
  apart,
  homeTimes,
  largestWrite,
  SERVING_RSS_LIMIT,
  startBombHost,
  underAttack,
} from "../../bench/lib/abuse.mjs";
import { inlineImagesBomb, nestedForms, selfDrawingForm, streamsBomb } from "../fixtures/pdf-bombs";
import { ensureBuilt, freePort, stopApp } from "../integration/built-app";
import { ANA, CARLOS, type Service, signIn, startService } from "./service";

/**
 * Issue #26's attacks at the red team's sizes, each against the whole service (launcher, embedded
 * mock, serving process at HEAP_MB 192), asserting what its Done-when asks: the serving process
 * lives (same PID), its RSS stays under HEAP_MB + 256 MB and the service's under 1.5 GB, and
 * another signed-in learner's home is served throughout (SERVED_P99_MS). Serial: the attacks fill
 * the server's memory and CPU, so nothing else may run beside them. The PDF bombs one by one, with what each render answers, are
 * tests/serial/pdf-bombs.test.ts; a killed server is supervision.test.ts.
 */
const BOMBS = {
  streams: streamsBomb,
  "self-drawing": selfDrawingForm,
  "nested-forms": nestedForms,
  "inline-images": inlineImagesBomb,
};
let bombHost: Awaited<ReturnType<typeof startBombHost>>;
let service: Service;
let ana: string;
let carlos: string;

type Result = Awaited<ReturnType<typeof underAttack>>;

/**
 * Another learner's home stays served: every request answered 200 (homeTimes throws otherwise)
 * and none near the 9.5–22 s the red team measured. The p99 within 3× of its value before is a
 * speed target, measured where the attacker is not sharing the two cores with a test runner:
 * `npm run bench -- --only abuse`.
 */
const SERVED_P99_MS = 3_000;

/**
 * How each attack is measured here: another learner's home during it, 100 pages (the bench takes
 * 200, and a p99 before it for its ratio). The attack lasts as long as those pages take, and so
 * does its load on the machine: the pages are the test's own cost, the attack's size is the issue's.
 */
const MEASURED = { baseline: false, samples: 100 } as const;

function expectWithstood(result: Result) {
  expect(result.samePid, "the serving process is the same").toBe(true);
  expect(result.peak.serving, "the serving process's peak RSS").toBeLessThan(SERVING_RSS_LIMIT);
  expect(result.peak.all, "the whole service's peak RSS").toBeLessThan(ALL_RSS_LIMIT);
  expect(result.during, `home p99 ${result.during.toFixed(0)} ms`).toBeLessThanOrEqual(SERVED_P99_MS);
}

/** Until `check` passes (a hook cannot use expect.poll). */
async function until(check: () => Promise<boolean>, timeoutMs: number) {
  for (const deadline = Date.now() + timeoutMs; !(await check().catch(() => false));) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

beforeAll(async () => {
  ensureBuilt();
  const bombs = Object.fromEntries(await Promise.all(Object.entries(BOMBS).map(async ([kind, make]) => [kind, await make()])));
  bombHost = await startBombHost(bombs);
  // The files host is the bombs' (PDF pages are drawn from it); home's data still comes from the embedded mock.
  service = await startService({ FILES_HOST_URL: bombHost.origin });
  [ana, carlos] = [await signIn(service, ANA), await signIn(service, CARLOS)];
}, 120_000);

afterAll(async () => {
  await stopApp(service);
  bombHost?.close();
});

describe("one signed-in learner's writes (#26 item 1)", () => {
  // Each attack by a learner of its own: one whose writes the last 10 s already took would get
  // only 429s (their cost per window, `CostRate`), however long the attack before it lasted. Ana's
  // is last: the next test waits out what her attack left.
  it.each([
    { parallel: 150, valid: true, learner: "sofia.ramirez@academia.test" },
    { parallel: 400, valid: true, learner: "mateo.torres@academia.test" },
    { parallel: 200, valid: false, learner: ANA },
  ])(
    "$parallel of the largest writes in parallel (valid: $valid): 429 past the learner's share, everyone else served",
    async ({ parallel, valid, learner }) => {
      const attacker = learner === ANA ? ana : await signIn(service, learner);
      const result = await underAttack({
        origin: service.origin,
        launcherPid: service.launcherPid,
        cookie: carlos,
        ...MEASURED,
        start: () => apart("progressWrites", service.origin, attacker, { parallel, valid }),
      });
      expectWithstood(result);
      // The learner's share took some (200, or 400 for the invalid ones) and refused the rest with
      // 429, never a 500; a refused body's connection is closed once its first 64 KiB are drained,
      // so the attacker may read a reset (0) instead of the 429.
      const answers = Object.keys(result.outcome);
      expect(answers).toEqual(expect.arrayContaining(valid ? ["200", "429"] : ["400", "429"]));
      expect(answers.filter((status) => ![valid ? "200" : "400", "429", "0"].includes(status))).toEqual([]);
    },
  );

  it("takes the learner's write once it waits what Retry-After says, as the player does: nothing confirmed is lost", async () => {
    const write = largestWrite();
    const send = () =>
      fetch(`${service.origin}/activity-progress`, {
        method: "POST",
        headers: { "Content-Type": write.contentType, Cookie: ana, Accept: "application/json" },
        body: write.body,
      });
    let response = await send();
    if (response.status === 429) {
      // Not a timer of the app's: the server's bucket, whose wait its answer names.
      await new Promise((done) => setTimeout(done, Number(response.headers.get("Retry-After")) * 1000));
      response = await send();
    }
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true });
  });
});

describe("a client that never signs in (#26 item 2)", () => {
  it("3,900 sign-in posts whose bodies send a byte every 5 s: 429 past the address's bodies, 408 when they stall", async () => {
    const result = await underAttack({
      origin: service.origin,
      launcherPid: service.launcherPid,
      cookie: carlos,
      ...MEASURED,
      start: () => apart("slowBodies", service.origin, { connections: 3_900 }),
    });
    expectWithstood(result);
    expect(result.outcome["429"]).toBeGreaterThan(0);
  });
});

describe("PDF bombs (#26 item 3)", () => {
  it("two learners keep 8 renders each of the four bombs in flight: each render ends on its own, everyone else served", async () => {
    const javier = await signIn(service, "javier.lopez@academia.test");
    const result = await underAttack({
      origin: service.origin,
      launcherPid: service.launcherPid,
      cookie: carlos,
      ...MEASURED,
      start: () => apart("pdfRenders", service.origin, [ana, javier], { kinds: Object.keys(BOMBS) }),
    });
    expectWithstood(result);
    // Refused by the render budget (422) or past a learner's share (429): never drawn, never a 500.
    expect(Object.keys(result.outcome).every((status) => ["422", "429"].includes(status))).toBe(true);
  });
});

const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;
if (!hasRedis && process.env.CI) throw new Error("redis-server is missing: .ci/run installs Debian's redis-server package");

describe.skipIf(!hasRedis)("a Redis that hangs (#26 item 5)", () => {
  let redis: ChildProcess;
  let shared: Service;

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    shared = await startService({ REDIS_URL: `redis://127.0.0.1:${port}` });
    // Redis may still be starting when the app first asks: the circuit's probe then finds it (every
    // 5 s). The embedded demo adds a line of its own to /readyz.
    await until(async () => (await (await fetch(`${shared.origin}/readyz`)).text()).split("\n").includes("redis: ok"), 30_000);
  }, 60_000);

  afterEach(() => redis?.kill("SIGCONT"));

  afterAll(async () => {
    if (shared) await stopApp(shared);
    redis?.kill("SIGKILL");
  });

  it("costs the first requests their timeout, then none: home at normal speed while it is paused", async () => {
    const cookie = await signIn(shared, CARLOS);
    const ana = await signIn(shared, ANA);
    const result = await underAttack({
      origin: shared.origin,
      launcherPid: shared.launcherPid,
      cookie,
      ...MEASURED,
      start: () => {
        redis.kill("SIGSTOP");
        // Another learner's requests are the few that wait for the timeout and open the circuit.
        const opening = homeTimes(shared.origin, ana, 4, 4);
        return { stop: async () => ({ opening: (await opening).map((ms) => Math.round(ms)) }) };
      },
    });
    expectWithstood(result);
    // Those few did wait for Redis's command timeout (500 ms): the attack was real.
    expect(Math.max(...result.outcome.opening)).toBeGreaterThanOrEqual(450);
  });
});
