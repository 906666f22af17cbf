import "fake-indexeddb/auto";
import { createStore, values } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProgressReply, ProgressReport } from "~/player/types";
import { clearOutbox, drain, keepWrites, ownerGone, type Send, takeSetAside } from "./outbox";
import { DEVICE_DATA_MARK } from "./supported";

/** Web Locks as the outbox uses them: exclusive, waiting in turn, or `ifAvailable`. */
function fakeLocks() {
  const held = new Map<string, Promise<unknown>>();
  return {
    request(name: string, ...args: unknown[]) {
      const callback = args.at(-1) as (lock: { name: string } | null) => unknown;
      const options = (args.length > 1 ? args[0] : {}) as { ifAvailable?: boolean };
      const before = held.get(name);
      if (before && options.ifAvailable) return Promise.resolve(callback(null));
      const mine = (before ?? Promise.resolve()).then(() => callback({ name }));
      const settled = mine.catch(() => undefined);
      held.set(name, settled);
      void settled.then(() => held.get(name) === settled && held.delete(name));
      return mine;
    },
  };
}

const saved: ProgressReply = { ok: true, record: { initiated: true, finalized: false, progress: 0, taskDuration: 0, points: 0 } };
const down: ProgressReply = { ok: false, error: "unavailable", message: "" };
const unconfirmed: ProgressReply = { ok: false, error: "unconfirmed", message: "" };
const refused: ProgressReply = { ok: false, error: "refused", message: "Bloqueado" };

/** A sender that records what it sends and answers from `replies` (then: saved). */
function sender(replies: ProgressReply[] = []) {
  const sent: Array<[number, ProgressReport]> = [];
  const send: Send = async (activity, report) => {
    sent.push([activity, report]);
    return replies.shift() ?? saved;
  };
  return { sent, send };
}

const started: ProgressReport = { action: "started" };
const time: ProgressReport = { action: "update_time", time: 0.5 };
const finished: ProgressReport = { action: "finished" };

/**
 * Lets the outbox's IndexedDB writes (chained promises) finish: fake-indexeddb runs each request
 * in a task of its own (setImmediate), so this waits turns of that queue, never the wall clock,
 * which a busy machine outlasted (a 20 ms wait ended before the writes did, in a CI run).
 */
const settle = async () => {
  for (let turn = 0; turn < 200; turn++) await new Promise((resolve) => setImmediate(resolve));
};

/** An open player whose writes cannot be sent: its queue as the outbox sees it. */
function openPlayer(user: number, activity: number, timeCap = 30) {
  const items: ProgressReport[] = [];
  let aside: ProgressReport | null = null;
  const onSynced = vi.fn();
  const onStored = vi.fn();
  const queue = {
    push: (report: ProgressReport) => void items.push(report),
    unconfirmed: () => [...items],
    settle: () => Promise.resolve([...items]),
    asideWrite: () => aside,
  };
  // Each player opens a moment after the one before (records are sent oldest first).
  vi.setSystemTime(Date.now() + 1);
  const kept = keepWrites({ user, activity, timeCap, queue, onSynced, onStored });
  return {
    items,
    kept,
    onSynced,
    onStored,
    /** Writes the player queued, which fail. */
    fail(...reports: ProgressReport[]) {
      items.push(...reports);
      kept.status({ pending: items.length, failing: true });
    },
    /** The first writes were confirmed. */
    confirm(count: number) {
      items.splice(0, count);
      kept.status({ pending: items.length, failing: false });
    },
    /** The legacy API refused the player's finished: the queue sets it aside for 'Reintentar'. */
    refuseFinish() {
      aside = finished;
      kept.status({ pending: items.length, failing: false });
    },
    /** The player closes, or its page goes away, with these writes left. */
    leave(...reports: ProgressReport[]) {
      items.push(...reports);
      kept.leave(true);
    },
  };
}

let storage: Map<string, string>;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  storage = new Map();
  vi.stubGlobal("navigator", { onLine: true, locks: fakeLocks() });
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  vi.stubGlobal("window", new EventTarget());
  await clearOutbox();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the outbox", () => {
  it("says the device holds the writes once the last state of the record is stored, not before", async () => {
    const player = openPlayer(7, 205);
    player.fail(started);
    player.fail(time);
    expect(player.onStored).not.toHaveBeenCalled();
    await settle();
    // Three writes of the record (opening, then each failure): only the last one counts.
    expect(player.onStored).toHaveBeenCalledTimes(1);
    expect(await values(createStore("academia-outbox", "writes"))).toEqual([
      expect.objectContaining({ reports: [started, time] }),
    ]);
    player.fail(finished);
    expect(player.onStored).toHaveBeenCalledTimes(1);
    await settle();
    expect(player.onStored).toHaveBeenCalledTimes(2);
  });

  it("keeps a player's writes in order and sends them, in order and once, after the player left", async () => {
    const player = openPlayer(7, 205);
    player.fail(started);
    player.fail(time);
    player.leave(finished);
    await settle();
    expect(storage.has(DEVICE_DATA_MARK)).toBe(true);
    const { sent, send } = sender();
    expect(await drain(7, send)).toEqual({ sent: 3, waiting: false, owned: [] });
    expect(sent).toEqual([
      [205, started],
      [205, time],
      [205, finished],
    ]);
    expect(await drain(7, send)).toEqual({ sent: 0, waiting: false, owned: [] });
    expect(sent).toHaveLength(3);
    expect(storage.has(DEVICE_DATA_MARK)).toBe(false);
  });

  it("keeps a refused finished without sending it, and hands it to the activity's next player only (issue #29)", async () => {
    const player = openPlayer(7, 205);
    player.fail(time);
    player.refuseFinish();
    player.leave();
    await settle();
    const { sent, send } = sender();
    // A drain sends what waits, never the finished set aside, and keeps it.
    expect(await drain(7, send)).toEqual({ sent: 1, waiting: false, owned: [] });
    expect(await drain(7, send)).toEqual({ sent: 0, waiting: false, owned: [] });
    expect(sent).toEqual([[205, time]]);
    expect(storage.has(DEVICE_DATA_MARK)).toBe(true);
    // Another activity's player, or one already gone (it declines), does not take it.
    const taken: ProgressReport[] = [];
    await takeSetAside(7, 206, (report) => taken.push(report) > 0);
    await takeSetAside(7, 205, () => false);
    expect(taken).toEqual([]);
    await takeSetAside(7, 205, (report) => taken.push(report) > 0);
    expect(taken).toEqual([finished]);
    await takeSetAside(7, 205, (report) => taken.push(report) > 0);
    expect(taken).toHaveLength(1);
    await drain(7, send);
    expect(storage.has(DEVICE_DATA_MARK)).toBe(false);
  });

  it("sets aside a finished a drain sends and the legacy API refuses, instead of dropping it", async () => {
    const player = openPlayer(7, 205);
    player.fail(started);
    player.leave(finished);
    await settle();
    const refused: ProgressReply = { ok: false, error: "refused", message: "No disponible" };
    const { sent, send } = sender([
      { ok: true, record: { initiated: true, finalized: false, progress: 0, taskDuration: 0, points: 0 } },
      refused,
    ]);
    expect(await drain(7, send)).toEqual({ sent: 1, waiting: false, owned: [] });
    expect(sent).toHaveLength(2);
    const taken: ProgressReport[] = [];
    await takeSetAside(7, 205, (report) => taken.push(report) > 0);
    expect(taken).toEqual([finished]);
  });

  it("sends older players' records first", async () => {
    vi.setSystemTime(2_000);
    const later = openPlayer(7, 302);
    vi.setSystemTime(1_000);
    const earlier = openPlayer(7, 205);
    later.leave(finished);
    earlier.leave(started, finished);
    await settle();
    const { sent, send } = sender();
    await drain(7, send);
    expect(sent.map(([activity, report]) => `${activity} ${report.action}`)).toEqual([
      "205 started",
      "205 finished",
      "302 finished",
    ]);
  });

  it("leaves a running player's record to its own queue, and says when that player has gone", async () => {
    const player = openPlayer(7, 205);
    player.fail(started, time);
    await settle();
    const { sent, send } = sender();
    const first = await drain(7, send);
    expect(first).toEqual({ sent: 0, waiting: true, owned: [expect.any(String)] });
    expect(sent).toEqual([]);
    let gone = false;
    const leaving = ownerGone(first.owned[0] ?? "").then(() => (gone = true));
    await settle();
    expect(gone).toBe(false);
    player.confirm(1);
    player.leave();
    await leaving;
    expect(await drain(7, send)).toEqual({ sent: 1, waiting: false, owned: [] });
    expect(sent).toEqual([[205, time]]);
  });

  it("without Web Locks, leaves a record alone until its player says it left", async () => {
    vi.stubGlobal("navigator", { onLine: true });
    const player = openPlayer(7, 205);
    player.fail(started);
    await settle();
    const { sent, send } = sender();
    expect(await drain(7, send)).toEqual({ sent: 0, waiting: true, owned: [expect.any(String)] });
    player.leave();
    await settle();
    expect(await drain(7, send)).toEqual({ sent: 1, waiting: false, owned: [] });
    expect(sent).toEqual([[205, started]]);
  });

  it("sends each write once when two tabs drain at the same time", async () => {
    openPlayer(7, 205).leave(started, time, finished);
    await settle();
    const { sent, send } = sender();
    const results = await Promise.all([drain(7, send), drain(7, send)]);
    expect(results.map((result) => result.sent).sort()).toEqual([0, 3]);
    expect(sent.map(([, report]) => report.action)).toEqual(["started", "update_time", "finished"]);
  });

  describe("with the player's rules for what is safe to repeat", () => {
    it("stops at a write that never arrived and keeps it, and the writes behind it, for the next drain", async () => {
      openPlayer(7, 205).leave(started, time, finished);
      openPlayer(7, 302).leave(started);
      await settle();
      const offline = sender([saved, down]);
      expect(await drain(7, offline.send)).toEqual({ sent: 1, waiting: true, owned: [] });
      expect(offline.sent.map(([activity, report]) => `${activity} ${report.action}`)).toEqual([
        "205 started",
        "205 update_time",
      ]);
      expect(storage.has(DEVICE_DATA_MARK)).toBe(true);
      const online = sender();
      expect(await drain(7, online.send)).toEqual({ sent: 3, waiting: false, owned: [] });
      expect(online.sent.map(([activity, report]) => `${activity} ${report.action}`)).toEqual([
        "205 update_time",
        "205 finished",
        "302 started",
      ]);
    });

    it("drops an update_time that may have been added already, and keeps a finished that may not", async () => {
      openPlayer(7, 205).leave(time, finished);
      await settle();
      const first = sender([unconfirmed, unconfirmed]);
      expect(await drain(7, first.send)).toEqual({ sent: 0, waiting: true, owned: [] });
      const second = sender();
      await drain(7, second.send);
      expect(second.sent).toEqual([[205, finished]]);
    });

    it("drops a refused write and goes on; stops, keeping everything, when the session has ended", async () => {
      openPlayer(7, 209).leave(started, finished);
      await settle();
      const expired = sender([{ ok: false, error: "session", location: "/login" }]);
      expect(await drain(7, expired.send)).toEqual({ sent: 0, waiting: true, owned: [] });
      const locked = sender([saved, refused]);
      expect(await drain(7, locked.send)).toEqual({ sent: 1, waiting: false, owned: [] });
      expect(locked.sent.map(([, report]) => report.action)).toEqual(["started", "finished"]);
      expect(await drain(7, sender().send)).toEqual({ sent: 0, waiting: false, owned: [] });
    });
  });

  describe("belongs to one user", () => {
    it("sends only the signed-in user's writes and deletes another user's, unsent", async () => {
      openPlayer(7, 205).leave(started, finished);
      openPlayer(8, 302).leave(started);
      await settle();
      const { sent, send } = sender();
      expect(await drain(8, send)).toEqual({ sent: 1, waiting: false, owned: [] });
      expect(sent).toEqual([[302, started]]);
      expect(await drain(7, send)).toEqual({ sent: 0, waiting: false, owned: [] });
      expect(sent).toHaveLength(1);
      expect(storage.has(DEVICE_DATA_MARK)).toBe(false);
    });

    it("is emptied by clearing the device's data, a running player's later writes included", async () => {
      const running = openPlayer(7, 205);
      running.fail(started);
      openPlayer(7, 302).leave(finished);
      await settle();
      await clearOutbox();
      running.leave(finished);
      await settle();
      expect(storage.has(DEVICE_DATA_MARK)).toBe(false);
      const { sent, send } = sender();
      expect(await drain(7, send)).toEqual({ sent: 0, waiting: false, owned: [] });
      expect(sent).toEqual([]);
    });
  });

  it("counts the time spent while writes fail up to the activity's cap (a device left open overnight)", async () => {
    const player = openPlayer(7, 205, 4);
    player.fail(started);
    for (let tick = 0; tick < 960; tick += 1) player.kept.time(30_000);
    expect(
      player.items
        .filter((item) => item.action === "update_time")
        .reduce((sum, item) => sum + (item.action === "update_time" ? item.time : 0), 0),
    ).toBe(4);
  });

  it("does not cap the time of writes that go through, nor count under a second", () => {
    const player = openPlayer(7, 205, 0.08);
    player.kept.time(30_000);
    player.kept.time(999);
    expect(player.items).toEqual([{ action: "update_time", time: 0.5 }]);
  });

  it("says the player's writes are saved once those that waited are all confirmed", () => {
    const player = openPlayer(7, 205);
    player.fail(started, finished);
    expect(player.onSynced).toHaveBeenLastCalledWith(false);
    player.confirm(1);
    expect(player.onSynced).toHaveBeenLastCalledWith(false);
    player.confirm(1);
    expect(player.onSynced).toHaveBeenLastCalledWith(true);
  });

  it("tells the page when a closed player left writes", async () => {
    const told = vi.fn();
    window.addEventListener("academia-outbox", told);
    openPlayer(7, 205).leave(finished);
    await settle();
    expect(told).toHaveBeenCalled();
  });
});
