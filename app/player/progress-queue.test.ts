import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProgressQueue, type QueueStatus } from "./progress-queue";
import type { ProgressReply, ProgressReport, SavedRecord } from "./types";

const record: SavedRecord = { initiated: true, finalized: false, progress: 0, taskDuration: 0, points: 0 };
const saved: ProgressReply = { ok: true, record };
const down: ProgressReply = { ok: false, error: "unavailable", message: "" };
const unconfirmed: ProgressReply = { ok: false, error: "unconfirmed", message: "" };

function setup(replies: Array<ProgressReply | Error>, delay: (failures: number, retryAfter?: number) => number = () => 1000) {
  const sent: ProgressReport[] = [];
  const statuses: QueueStatus[] = [];
  const onSaved = vi.fn();
  const onSession = vi.fn();
  const queue = new ProgressQueue({
    send: (report) => {
      sent.push(structuredClone(report));
      const next = replies.shift() ?? saved;
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    onSaved,
    onStatus: (status) => statuses.push(status),
    onSession,
    delay,
  });
  return { queue, sent, statuses, onSaved, onSession };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("ProgressQueue", () => {
  it("sends writes one at a time, in order", async () => {
    const { queue, sent, onSaved } = setup([]);
    queue.push({ action: "started" });
    queue.push({ action: "finished" });
    await vi.runAllTimersAsync();
    expect(sent.map((report) => report.action)).toEqual(["started", "finished"]);
    expect(onSaved).toHaveBeenCalledTimes(2);
  });

  it("keeps a failed write, shows the failure and retries it until it lands", async () => {
    const { queue, sent, statuses, onSaved } = setup([down, new Error("offline"), saved]);
    queue.push({ action: "finished" });
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toMatchObject({ failing: true, pending: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((report) => report.action)).toEqual(["finished", "finished", "finished"]);
    expect(onSaved).toHaveBeenCalledOnce();
    expect(statuses.at(-1)).toEqual({ pending: 0, failing: false, refused: null, setAside: false });
  });

  it("keeps a write the server was too busy to read, shows the failure and waits its Retry-After before sending it again", async () => {
    const busy: ProgressReply = { ok: false, error: "busy", retryAfter: 5, message: "" };
    const { queue, sent, statuses, onSaved } = setup([busy, saved], (failures, retryAfter = 0) =>
      Math.max(1000 * failures, retryAfter * 1000),
    );
    queue.push({ action: "update_user_data", userData: { scorm: 2, current: "a", items: {} } });
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toMatchObject({ failing: true, pending: 1 });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    expect(onSaved).toHaveBeenCalledOnce();
    expect(statuses.at(-1)).toEqual({ pending: 0, failing: false, refused: null, setAside: false });
  });

  it("resends an update_time only when it never reached the legacy API", async () => {
    const { queue, sent, statuses, onSaved } = setup([down, unconfirmed]);
    queue.push({ action: "update_time", time: 0.5 });
    await vi.runAllTimersAsync();
    expect(sent).toEqual([
      { action: "update_time", time: 0.5 },
      { action: "update_time", time: 0.5 },
    ]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(statuses.at(-1)).toEqual({ pending: 0, failing: false, refused: null, setAside: false });
  });

  it("resends the writes that set a state after a timeout or a 5xx", async () => {
    const { queue, sent } = setup([unconfirmed, saved, unconfirmed, unconfirmed]);
    queue.push({ action: "started" });
    queue.push({ action: "update_time", time: 0.5 });
    queue.push({ action: "finished" });
    await vi.runAllTimersAsync();
    expect(sent.map((report) => report.action)).toEqual(["started", "started", "update_time", "finished", "finished"]);
  });

  it("retries at once when asked", async () => {
    const { queue, sent } = setup([down]);
    queue.push({ action: "started" });
    await vi.advanceTimersByTimeAsync(0);
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
  });

  it("merges the time that waits behind a failing write", async () => {
    const { queue, sent } = setup([down]);
    queue.push({ action: "started" });
    queue.push({ action: "update_time", time: 0.5 });
    queue.push({ action: "update_time", time: 0.5 });
    await vi.runAllTimersAsync();
    expect(sent).toEqual([{ action: "started" }, { action: "started" }, { action: "update_time", time: 1 }]);
  });

  it("keeps only the newest user data of those waiting behind a failing write", async () => {
    const { queue, sent } = setup([down]);
    const data = (location: string): ProgressReport => ({
      action: "update_user_data",
      userData: { scorm: 2, current: "sco", items: { sco: { "cmi.core.lesson_location": location } } },
    });
    queue.push({ action: "started" });
    await vi.advanceTimersByTimeAsync(0);
    queue.push(data("1"));
    queue.push(data("2"));
    queue.push({ action: "update_points", progress: 50 });
    queue.push(data("3"));
    await vi.runAllTimersAsync();
    expect(sent.slice(2)).toEqual([data("2"), { action: "update_points", progress: 50 }, data("3")]);
  });

  it("settles: once the write in flight is answered, hands over the writes not confirmed, for the outbox", async () => {
    const first = setup([down]);
    first.queue.push({ action: "started" });
    first.queue.push({ action: "finished" });
    expect(first.queue.unconfirmed()).toEqual([{ action: "started" }, { action: "finished" }]);
    expect(await first.queue.settle()).toEqual([{ action: "started" }, { action: "finished" }]);
    const second = setup([]);
    second.queue.push({ action: "started" });
    second.queue.push({ action: "finished" });
    expect(await second.queue.settle()).toEqual([{ action: "finished" }]);
    expect(second.sent).toEqual([{ action: "started" }]);
  });

  it("drops a refused write with its message, and goes on", async () => {
    const { queue, sent, statuses } = setup([{ ok: false, error: "refused", message: "Bloqueado" }]);
    queue.push({ action: "update_user_data", userData: { scorm: 2, current: "a", items: {} } });
    queue.push({ action: "update_time", time: 1 });
    await vi.runAllTimersAsync();
    expect(sent.map((report) => report.action)).toEqual(["update_user_data", "update_time"]);
    expect(statuses.some((status) => status.refused === "Bloqueado")).toBe(true);
    expect(queue.asideWrite()).toBeNull();
  });

  it("sets a refused finished aside with its message, sends it again only when asked, and hands it to the outbox meanwhile", async () => {
    const { queue, sent, statuses, onSaved } = setup([{ ok: false, error: "refused", message: "Bloqueado" }]);
    queue.push({ action: "finished" });
    queue.push({ action: "update_time", time: 1 });
    await vi.runAllTimersAsync();
    expect(sent.map((report) => report.action)).toEqual(["finished", "update_time"]);
    expect(statuses.at(-1)).toEqual({ pending: 0, failing: false, refused: "Bloqueado", setAside: true });
    expect(queue.asideWrite()).toEqual({ action: "finished" });
    // Nothing is sent again on its own, however long the player stays open.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sent).toHaveLength(2);
    queue.retryNow();
    await vi.runAllTimersAsync();
    expect(sent.map((report) => report.action)).toEqual(["finished", "update_time", "finished"]);
    expect(onSaved).toHaveBeenCalledTimes(2);
    expect(statuses.at(-1)).toEqual({ pending: 0, failing: false, refused: null, setAside: false });
  });

  it("offers a finished set aside on an earlier visit for 'Reintentar' without sending it", async () => {
    const { queue, sent, statuses } = setup([]);
    queue.setAside({ action: "finished" });
    await vi.runAllTimersAsync();
    expect(sent).toEqual([]);
    expect(statuses.at(-1)).toMatchObject({ setAside: true });
    queue.retryNow();
    await vi.runAllTimersAsync();
    expect(sent).toEqual([{ action: "finished" }]);
  });

  it("stops and hands the session over when it has ended", async () => {
    const { queue, sent, onSession } = setup([{ ok: false, error: "session", location: "/login" }]);
    queue.push({ action: "started" });
    queue.push({ action: "finished" });
    await vi.runAllTimersAsync();
    expect(onSession).toHaveBeenCalledWith("/login");
    expect(sent).toHaveLength(1);
  });

  it("hands over what was not sent when it closes, never the write in flight", async () => {
    const { queue } = setup([]);
    queue.push({ action: "started" });
    queue.push({ action: "update_time", time: 0.5 });
    queue.push({ action: "finished" });
    expect(queue.close()).toEqual([{ action: "update_time", time: 0.5 }, { action: "finished" }]);
    queue.push({ action: "started" });
    await vi.runAllTimersAsync();
  });

  it("gives up the waiting writes for a beacon when the page hides, and goes on after", async () => {
    const { queue, sent } = setup([down]);
    queue.push({ action: "started" });
    await vi.advanceTimersByTimeAsync(0);
    queue.push({ action: "update_time", time: 0.5 });
    expect(queue.takeWaiting()).toEqual([{ action: "started" }, { action: "update_time", time: 0.5 }]);
    queue.push({ action: "update_time", time: 0.25 });
    await vi.runAllTimersAsync();
    expect(sent.at(-1)).toEqual({ action: "update_time", time: 0.25 });
  });

  it("holds what is pushed while the player closes, and hands it over in order", async () => {
    const { queue, sent } = setup([]);
    queue.push({ action: "started" });
    queue.hold();
    queue.push({
      action: "update_user_data",
      userData: { scorm: 2, current: "sco", items: { sco: { "cmi.core.lesson_status": "passed" } } },
    });
    queue.push({ action: "update_points", progress: 100 });
    queue.push({ action: "finished" });
    await vi.runAllTimersAsync();
    expect(sent.map((report) => report.action)).toEqual(["started"]);
    expect(queue.close().map((report) => report.action)).toEqual(["update_user_data", "update_points", "finished"]);
  });

  it("sends what it held once resumed (the page came back from the cache)", async () => {
    const { queue, sent } = setup([]);
    queue.hold();
    queue.push({ action: "started" });
    await vi.runAllTimersAsync();
    expect(sent).toEqual([]);
    queue.resume();
    await vi.runAllTimersAsync();
    expect(sent).toEqual([{ action: "started" }]);
  });

  it("shows a write refused before it was sent until one is saved", async () => {
    const { queue, statuses } = setup([]);
    queue.refuse("");
    expect(statuses.at(-1)).toEqual({ pending: 0, failing: false, refused: "", setAside: false });
    queue.push({ action: "started" });
    await vi.runAllTimersAsync();
    expect(statuses.at(-1)?.refused).toBeNull();
  });
});
