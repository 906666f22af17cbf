import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homeTimes } from "../../bench/lib/abuse.mjs";
import { ensureBuilt, stopApp } from "../integration/built-app";
import { ANA, CARLOS, legacyRecords, type Service, servingPid, signIn, startService } from "./service";

/**
 * Issue #26 item 4 (decision 052): the launcher starts a serving process that died again, the
 * embedded mock keeping its state, and gives up non-zero when it keeps dying. Serial: it kills
 * the serving process, which every other test of the service would see.
 */
const ACTIVITY = 205;

let service: Service;

beforeAll(async () => {
  ensureBuilt();
  // The launcher's waits before each restart start at 20 ms (250 ms by default): the crash loop
  // below does not sleep through its 7.5 s of back-off.
  service = await startService({ RESTART_DELAY_MS: "20" });
}, 120_000);

afterAll(async () => {
  if (service.child.exitCode === null) await stopApp(service);
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function servedAgain(service: Service, cookie: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const status = await fetch(`${service.origin}/`, { headers: { Cookie: cookie }, redirect: "manual" }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return performance.now() - started;
    if (performance.now() - started > 10_000) throw new Error("not serving 10 s after the kill");
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe("the launcher supervises the serving process", () => {
  it("starts a server killed mid-traffic (SIGKILL) again within 5 s, with the mock's records and the sessions intact", async () => {
    const [ana, carlos] = [await signIn(service, ANA), await signIn(service, CARLOS)];
    expect((await legacyRecords(service, ANA)).filter((record) => record.training_activity_id === ACTIVITY)).toEqual([]);
    const form = new FormData();
    form.set("activity", String(ACTIVITY));
    form.set("action", "started");
    const write = await fetch(`${service.origin}/activity-progress`, { method: "POST", body: form, headers: { Cookie: ana } });
    expect(write.status).toBe(200);

    // Another learner's pages keep coming while the server dies.
    let traffic = true;
    const background = (async () => {
      while (traffic) await homeTimes(service.origin, carlos, 5, 2).catch(() => undefined);
    })();
    await new Promise((done) => setTimeout(done, 300));
    const launcher = service.child.pid ?? 0;
    const killed = servingPid(service);
    process.kill(killed, "SIGKILL");
    const downFor = await servedAgain(service, carlos);
    traffic = false;
    await background;

    expect(downFor).toBeLessThan(5_000);
    expect(alive(launcher)).toBe(true);
    expect(servingPid(service)).not.toBe(killed);
    const restarts = service.logs.filter((line) => line.includes('"the server exited unexpectedly: starting it again"'));
    expect(restarts).toHaveLength(1);
    expect(restarts[0]).toContain('"cause":"killed (SIGKILL');
    // The mock lives in the launcher: what it recorded before is still there, and the cookie still opens a session.
    expect((await legacyRecords(service, ANA)).filter((record) => record.training_activity_id === ACTIVITY)).toHaveLength(1);
    expect((await fetch(`${service.origin}/`, { headers: { Cookie: ana }, redirect: "manual" })).status).toBe(200);
  });

  it("gives up with a non-zero exit when the server keeps dying (more than 5 crashes in a minute)", async () => {
    const cookie = await signIn(service, ANA);
    // One crash happened in the test before; five more within the minute make six.
    for (let crash = 0; crash < 5; crash++) {
      await servedAgain(service, cookie);
      process.kill(servingPid(service), "SIGKILL");
      await new Promise((done) => setTimeout(done, 100));
    }
    expect(await service.exit).not.toBe(0);
    expect(service.logs.some((line) => line.includes('"the server keeps crashing: giving up"'))).toBe(true);
  }, 60_000);
});
