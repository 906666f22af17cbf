import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { login } from "~/legacy/auth.server";
import { getUserProgress } from "~/legacy/training.server";
import { caught, context, hangUpstream, post, replyOf, signedInCookie, UPSTREAM_FAILED, withLegacy } from "./helpers";

/** The player without JavaScript (issue #14 item 7): 'Iniciar', then 'Marcar como terminado' once the time has passed. */

const legacy = withLegacy();
let cookie: string;
const IMAGE = "205";

beforeAll(() => {
  // The media files are the mock's: their headers give their real length.
  process.env.FILES_HOST_URL = legacy().origin;
});

beforeEach(async () => {
  cookie = await signedInCookie();
});
afterEach(() => vi.restoreAllMocks());

async function send(activity: string, fields: Record<string, string>, who = cookie) {
  const { action } = await import("~/routes/_app+/_home+/$activity");
  return replyOf(await action({ request: post(`/${activity}`, fields, who), params: { activity }, context }));
}

async function start(activity = IMAGE) {
  const answer = await send(activity, { intent: "start" });
  if (answer.data.plain !== "started") throw new Error(`not started: ${JSON.stringify(answer.data)}`);
  return answer.data;
}

/** The clock of the server (and of the mock behind it) `ms` later. */
function later(ms: number) {
  const now = Date.now();
  vi.spyOn(Date, "now").mockReturnValue(now + ms);
}

async function recordOf(activityId: number) {
  const { accessToken } = await login({ locale: "es" }, { email: "ana.martinez@academia.test", password: "Academia2026!" });
  const progress = await getUserProgress({ locale: "es", token: accessToken });
  return progress.find((record) => record.activityId === activityId && record.type === "ACTIVITY");
}

describe("the player's forms without JavaScript", () => {
  it("starts the activity and says how long to wait: 5 s for an image", async () => {
    const started = await start();
    expect(started.waitMs).toBe(5_000);
    expect((await recordOf(205))?.initiated).toBe(true);
    expect((await recordOf(205))?.finalized).toBe(false);
  });

  it("waits a video's or audio's real length where its file's header gives it, not the activity's duration", async () => {
    // 201 says 2 minutes, its mp4 plays 6.02 s; 206 says 1 minute, its WAV 3 s (the 5 s floor applies).
    expect((await start("201")).waitMs).toBe(6_023);
    expect((await start("206")).waitMs).toBe(5_000);
  });

  it("refuses to finish before the time has passed on the server, and keeps the note", async () => {
    const { note } = await start();
    const early = await send(IMAGE, { intent: "finish", started: note });
    expect(early.status).toBe(400);
    expect(early.data).toMatchObject({ plain: "early", note });
    if (early.data.plain === "early") expect(early.data.waitMs).toBeGreaterThan(3_000);
    expect((await recordOf(205))?.finalized).toBe(false);
  });

  it("finishes once it has, sends the time spent first, and answers with a plain GET of the page", async () => {
    const { note } = await start();
    later(6_000);
    const done = await caught(send(IMAGE, { intent: "finish", started: note }));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/${IMAGE}`);
    const record = await recordOf(205);
    expect(record?.finalized).toBe(true);
    expect(record?.taskDuration).toBeCloseTo(0.1, 2);
  });

  it("credits at most the activity's duration for a page left open overnight", async () => {
    const { note } = await start();
    later(12 * 60 * 60 * 1000);
    await caught(send(IMAGE, { intent: "finish", started: note }));
    // Activity 205 lasts 1 minute.
    expect((await recordOf(205))?.taskDuration).toBe(1);
  });

  it("trusts no note but its own: another learner's, another activity's, or a forged one", async () => {
    const { note } = await start();
    later(6_000);
    const carlos = await signedInCookie("carlos.ruiz@academia.test");
    expect((await send(IMAGE, { intent: "finish", started: note }, carlos)).data).toEqual({ plain: "restart" });
    expect((await send("102", { intent: "finish", started: note })).data).toEqual({ plain: "restart" });
    expect((await send(IMAGE, { intent: "finish", started: `${note.slice(0, -4)}AAAA` })).data).toEqual({ plain: "restart" });
    expect((await send(IMAGE, { intent: "finish" })).status).toBe(400);
    expect((await send(IMAGE, { intent: "jump" })).status).toBe(400);
    expect((await recordOf(205))?.finalized).toBe(false);
  });

  it("is not for SCORM, which needs its runtime, nor for an activity that does not exist", async () => {
    expect((await send("106", { intent: "start" })).status).toBe(404);
    expect((await send("99999", { intent: "start" })).status).toBe(404);
  });

  it("keeps the note when the legacy API fails, and a second try does not count the time twice", async () => {
    const { note } = await start();
    later(30_000);
    hangUpstream("/activities/finished");
    const failed = await send(IMAGE, { intent: "finish", started: note });
    expect(failed.status).toBe(503);
    if (failed.data.plain !== "failed") throw new Error("expected a failure");
    expect(failed.data.errors).toEqual(UPSTREAM_FAILED);
    expect(failed.data.note).toBeTruthy();
    vi.restoreAllMocks();
    later(40_000);
    expect((await caught(send(IMAGE, { intent: "finish", started: failed.data.note ?? "" }))).status).toBe(302);
    const record = await recordOf(205);
    expect(record?.finalized).toBe(true);
    expect(record?.taskDuration).toBe(0.5);
  });

  it("keeps the note when the legacy API refuses the finish (402), with its message: the form sends it again when asked", async () => {
    const { note } = await start();
    later(30_000);
    legacy().setFaults({ refusePath: "/activities/finished" });
    const refused = await send(IMAGE, { intent: "finish", started: note });
    expect(refused.status).toBe(409);
    if (refused.data.plain !== "failed") throw new Error("expected a failure");
    expect(refused.data.errors).toEqual(["La solicitud fue rechazada"]);
    expect(refused.data.note).toBeTruthy();
    legacy().setFaults({ refusePath: null });
    expect((await caught(send(IMAGE, { intent: "finish", started: refused.data.note ?? "" }))).status).toBe(302);
    expect((await recordOf(205))?.finalized).toBe(true);
  });
});
