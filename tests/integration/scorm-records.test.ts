import { setTimeout as sleep } from "node:timers/promises";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { upstream } from "~/infra/upstream.server";
import { login } from "~/legacy/auth.server";
import { getUserProgress } from "~/legacy/training.server";
import type { ProgressReply } from "~/player/types";
import { context, post, signedInCookie, withLegacy } from "./helpers";

/**
 * `/activity-progress` as a page that goes away uses it (decision 020): its last writes in one
 * request, performed in order, and one learner's requests to one activity one at a time.
 */

const legacy = withLegacy();
let cookie: string;
const learner = { email: "ana.martinez@academia.test", password: "Academia2026!" };

beforeEach(async () => {
  vi.restoreAllMocks();
  cookie = await signedInCookie();
});

async function recordOf(activityId: number) {
  const ctx = { locale: "es" as const, token: (await login({ locale: "es" }, learner)).accessToken };
  const progress = await getUserProgress(ctx);
  return progress.find((record) => record.activityId === activityId && record.type === "ACTIVITY");
}

async function report(fields: Record<string, string>): Promise<{ status: number; body: ProgressReply }> {
  const { action } = await import("~/routes/activity-progress");
  const response = await action({ request: post("/activity-progress", fields, cookie), params: {}, context });
  return { status: response.status, body: (await response.json()) as ProgressReply };
}

const batch = (activity: string, reports: Array<Record<string, string>>) =>
  report({ action: "batch", activity, reports: JSON.stringify(reports) });

/** The legacy writes made from now on, as "start <action>" and "end <action>" in the order they happened. */
function traceWrites(slow: Record<string, number> = {}) {
  const real = upstream.send;
  const trace: string[] = [];
  vi.spyOn(upstream, "send").mockImplementation(async (url, init) => {
    const action = /\/activities\/(\w+)$/.exec(url)?.[1];
    if (!action) return real(url, init);
    trace.push(`start ${action}`);
    await sleep(slow[action] ?? 0);
    const response = await real(url, init);
    trace.push(`end ${action}`);
    return response;
  });
  return trace;
}

describe("a page's last writes", () => {
  it("are performed in order, data, points, time, then finished, and answer the last record", async () => {
    const trace = traceWrites();
    const userData = JSON.stringify({
      scorm: 2,
      current: "sco",
      items: { sco: { "cmi.core.lesson_status": "passed", "cmi.interactions.0.id": "q1" } },
    });
    const reply = await batch("505", [
      { action: "update_user_data", userData },
      { action: "update_points", progress: "100" },
      { action: "update_time", time: "0.5" },
      { action: "finished" },
    ]);
    expect(reply).toMatchObject({ status: 200, body: { ok: true, record: { finalized: true, progress: 100 } } });
    expect(trace.filter((line) => line.startsWith("start"))).toEqual([
      "start update_user_data",
      "start update_points",
      "start update_time",
      "start finished",
    ]);
    expect(await recordOf(505)).toMatchObject({ userData, finalized: true, taskDuration: 0.5 });
  });

  it("take user data that escaping twice makes longer than a single write may be", async () => {
    // 42 Ki characters as one write's field; 84 Ki once escaped again inside the batch.
    const userData = JSON.stringify({
      scorm: 2,
      current: "sco",
      items: { sco: { "cmi.suspend_data": '"'.repeat(21_000), "cmi.core.lesson_status": "passed" } },
    });
    const reply = await batch("505", [{ action: "update_user_data", userData }, { action: "finished" }]);
    expect(reply).toMatchObject({ status: 200, body: { ok: true, record: { finalized: true } } });
    expect((await recordOf(505))?.userData).toBe(userData);
  });

  it("keep a sequenced package's engine state with its SCOs' data, and refuse one that is not text", async () => {
    const userData = (sequencing: unknown) =>
      JSON.stringify({ scorm: 2, current: "examen", items: { examen: { "cmi.success_status": "passed" } }, sequencing });
    const state = JSON.stringify({ sequencing: { suspendedActivity: "examen" }, globalObjectiveMap: {} });
    expect(await batch("505", [{ action: "update_user_data", userData: userData(state) }])).toMatchObject({ status: 200 });
    expect(JSON.parse((await recordOf(505))?.userData ?? "{}")).toMatchObject({ sequencing: state });
    expect((await batch("505", [{ action: "update_user_data", userData: userData({ not: "text" }) }])).status).toBe(400);
  });

  it("refuses a malformed batch whole, without calling the legacy API", async () => {
    const trace = traceWrites();
    const malformed = [
      { action: "batch", activity: "505", reports: "not json" },
      { action: "batch", activity: "505", reports: "[]" },
      { action: "batch", activity: "505", reports: JSON.stringify([{ action: "started" }, { action: "update_time" }]) },
      { action: "batch", activity: "505", reports: JSON.stringify([{ action: "batch", reports: "[]" }]) },
      { action: "batch", activity: "505", reports: JSON.stringify(Array(17).fill({ action: "started" })) },
      { action: "batch", activity: "x", reports: JSON.stringify([{ action: "started" }]) },
    ];
    for (const fields of malformed) expect((await report(fields)).status).toBe(400);
    expect(trace).toEqual([]);
  });

  it("stop at the first write the legacy API refuses and say so", async () => {
    legacy().setFaults({ refusePath: "/activities/update_points" });
    const trace = traceWrites();
    const reply = await batch("505", [{ action: "update_points", progress: "50" }, { action: "finished" }]);
    expect(reply.status).toBe(409);
    expect(trace).toEqual(["start update_points", "end update_points"]);
  });

  it("carry on past refused data: the points and finished behind it are still sent, and the refusal is said", async () => {
    legacy().setFaults({ refusePath: "/activities/update_user_data" });
    const trace = traceWrites();
    const userData = JSON.stringify({ scorm: 2, current: "sco", items: { sco: { "cmi.core.lesson_status": "passed" } } });
    const reply = await batch("505", [
      { action: "update_user_data", userData },
      { action: "update_points", progress: "100" },
      { action: "finished" },
    ]);
    expect(reply.status).toBe(409);
    expect(trace.filter((line) => line.startsWith("start"))).toEqual([
      "start update_user_data",
      "start update_points",
      "start finished",
    ]);
    expect(await recordOf(505)).toMatchObject({ finalized: true, progress: 100 });
  });
});

describe("one learner's writes to one activity", () => {
  it("are performed one at a time in arrival order, even when their requests overlap", async () => {
    const trace = traceWrites({ update_points: 300 });
    const points = report({ action: "update_points", activity: "505", progress: "80" });
    await sleep(20);
    const finished = report({ action: "finished", activity: "505" });
    await Promise.all([points, finished]);
    expect(trace).toEqual(["start update_points", "end update_points", "start finished", "end finished"]);
  });

  it("do not wait for another activity's", async () => {
    const trace = traceWrites({ update_points: 300 });
    const points = report({ action: "update_points", activity: "505", progress: "80" });
    await sleep(20);
    await report({ action: "started", activity: "506" });
    expect(trace.slice(0, 3)).toEqual(["start update_points", "start started", "end started"]);
    await points;
  });
});
