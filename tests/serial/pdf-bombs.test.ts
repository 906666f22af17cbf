import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_RSS_LIMIT, HEAP_MB, rssOf, SERVING_RSS_LIMIT, startBombHost, treeOf, treeRss } from "../../bench/lib/abuse.mjs";
import { inlineImagesBomb, nestedForms, selfDrawingForm, streamsBomb, textPage } from "../fixtures/pdf-bombs";
import { type App, ensureBuilt, startBuiltApp, stopApp } from "../integration/built-app";
import { withLegacy } from "../integration/helpers";
import { signIn } from "./service";

/**
 * Issue #26 item 3 at the issue's scale, against the built app over real HTTP: ten renders of 30
 * Flate streams of 60 MiB from one learner, and eight renders each from two learners of a form
 * XObject that draws itself, 14 levels of forms drawing the next 4 times, and 2,000 inline images
 * of 4000 × 4000. During each attack the serving process and its renderers' memory is sampled
 * every 100 ms, /healthz is asked every 100 ms and another learner's ordinary page is drawn.
 *
 * Serial (a vitest project run alone, one file at a time): the attacks drive the renderers to their
 * memory caps and the test measures how long another learner waits, which other tests running
 * beside them would skew, and whose memory they would compete for.
 */

const legacy = withLegacy({ resetEachTest: false });
let files: Awaited<ReturnType<typeof startBombHost>>;
let app: App;
const cookies: Record<"attacker" | "second" | "reader", string> = { attacker: "", second: "", reader: "" };
let bombs: Record<string, Uint8Array>;

beforeAll(async () => {
  ensureBuilt();
  bombs = {
    streams: await streamsBomb(),
    "self-drawing": selfDrawingForm(),
    "nested-forms": nestedForms(),
    "inline-images": inlineImagesBomb(),
    page: textPage(),
  };
  // `/storage/media/<kind>-<n>.pdf` is the file `<kind>`: every request names a file of its own,
  // so each is downloaded and drawn afresh (no shared drawing, no cached refusal helps).
  files = await startBombHost(bombs);
  app = await startBuiltApp({
    LEGACY_API_URL: legacy().url,
    LEGACY_APP_KEY: "test-app-key-0123",
    FILES_HOST_URL: files.origin,
    LEGACY_TIMEOUT_MS: "3000",
    HEAP_MB: String(HEAP_MB),
    LOG_LEVEL: "warn",
  });
  cookies.attacker = await signIn(app, "ana.martinez@academia.test");
  cookies.second = await signIn(app, "javier.lopez@academia.test");
  cookies.reader = await signIn(app, "valentina.herrera@academia.test");
}, 180_000);

afterAll(async () => {
  if (app) await stopApp(app);
  files?.close();
});

/** Every 100 ms: the serving process's memory and all of its processes'; /healthz's answer and time. */
function watch(pid: number) {
  const peak = { serving: 0, all: 0, processes: 0 };
  const health = { probes: 0, failed: 0, slowestMs: 0 };
  let running = true;
  const memory = setInterval(() => {
    peak.serving = Math.max(peak.serving, rssOf(pid));
    peak.all = Math.max(peak.all, treeRss(pid));
    peak.processes = Math.max(peak.processes, treeOf(pid).length);
  }, 100);
  const probing = (async () => {
    while (running) {
      const began = performance.now();
      const ok = await fetch(`${app.origin}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
        (response) => response.status === 200,
        () => false,
      );
      health.probes++;
      if (!ok) health.failed++;
      health.slowestMs = Math.max(health.slowestMs, performance.now() - began);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    running = false;
    clearInterval(memory);
    await probing;
    return { peak, health };
  };
}

let file = 0;
const MiB = 1024 * 1024;

async function ask(kind: string, cookie: string, width = 1080) {
  const began = performance.now();
  const response = await fetch(`${app.origin}/pdf-pages/${width}/storage/media/${kind}-${++file}.pdf/1.png`, {
    headers: { Cookie: cookie },
  });
  const body = await response.arrayBuffer();
  return {
    status: response.status,
    ms: Math.round(performance.now() - began),
    retryAfter: response.headers.get("Retry-After"),
    type: response.headers.get("Content-Type"),
    bytes: body.byteLength,
  };
}

describe("the built server under the PDF bombs of issue #26, at their scale", () => {
  it.each([
    { bomb: "streams", attackers: { attacker: 10 } },
    { bomb: "self-drawing", attackers: { attacker: 8, second: 8 } },
    { bomb: "nested-forms", attackers: { attacker: 8, second: 8 } },
    { bomb: "inline-images", attackers: { attacker: 8, second: 8 } },
  ] as const)(
    "$bomb: every render refused or ended, the serving process unharmed and within its memory, /healthz and another learner served",
    async ({ bomb, attackers }) => {
      const pid = app.child.pid ?? 0;
      const stop = watch(pid);
      const attack = Object.entries(attackers).flatMap(([who, count]) =>
        Array.from({ length: count }, () => ask(bomb, cookies[who as keyof typeof cookies])),
      );
      // Another learner's ordinary page, asked right behind the bombs.
      const [reader, answers] = await Promise.all([ask("page", cookies.reader, 720), Promise.all(attack)]);
      const lastBombMs = Math.max(...answers.map((answer) => answer.ms));
      const { peak, health } = await stop();

      const refused = answers.filter((answer) => answer.status === 422);
      const tooMany = answers.filter((answer) => answer.status === 429);
      // One learner may have 8 at once: of 10, 2 are told to come back, the rest refused one by one.
      expect(refused.length + tooMany.length).toBe(answers.length);
      expect(tooMany.length).toBe(Math.max(0, answers.length - 8 * Object.keys(attackers).length));
      expect(tooMany.every((answer) => answer.retryAfter === "2")).toBe(true);
      expect([reader.status, reader.type]).toEqual([200, "image/png"]);
      expect([app.child.pid, app.child.exitCode]).toEqual([pid, null]);
      expect(health.failed).toBe(0);
      expect(health.probes).toBeGreaterThan(0);
      expect(peak.serving).toBeLessThan(SERVING_RSS_LIMIT);
      expect(peak.all).toBeLessThan(ALL_RSS_LIMIT);
      const slowest = Math.max(...refused.map((answer) => answer.ms));
      console.log(
        `${bomb}: ${refused.length} refused (the slowest answered after ${slowest} ms), ${tooMany.length} × 429; ` +
          `another learner's page ${reader.ms} ms (the attack lasted ${lastBombMs} ms); peak RSS serving ${Math.round(peak.serving / MiB)} MiB, ` +
          `all ${peak.processes} processes ${Math.round(peak.all / MiB)} MiB; /healthz ${health.probes} probes, slowest ${Math.round(health.slowestMs)} ms`,
      );
    },
    180_000,
  );
});
