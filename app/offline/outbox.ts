import { clear, createStore, del, delMany, entries, keys, set, type UseStore } from "idb-keyval";
import { keptAfter, type ProgressReport, setAsideAfter } from "~/domain/activity";
import { cappedMinutes, minutesOf } from "~/domain/finish";
import { post } from "~/player/progress-post";
import type { ProgressReply } from "~/player/types";
import { DEVICE_DATA_MARK, hasDeviceData, OUTBOX_EVENT } from "./supported";

/**
 * The progress outbox (issue #18 item 4, decision 046): the writes of an open player that could
 * not be sent, kept in IndexedDB with the user and the activity they belong to, in order, so that
 * they survive a closed player or tab and are sent when the connection returns. One record per
 * opened player; the player keeps it up to date while it runs, holding a Web Lock named after it,
 * so that a drain (in any tab) sends only the records no running player owns.
 */
export type OutboxRecord = {
  user: number;
  activity: number;
  /** When the player opened: records are sent oldest first. */
  since: number;
  /** Whether its player still runs (read only where Web Locks are missing). */
  open: boolean;
  reports: ProgressReport[];
  /** A `finished` the legacy API refused: never sent by a drain, handed back to the activity's next player for its 'Reintentar'. */
  setAside?: ProgressReport;
};

export type Send = (activity: number, report: ProgressReport, learner: number) => Promise<ProgressReply>;

let store: UseStore | null = null;
const db = () => (store ??= createStore("academia-outbox", "writes"));

const DRAIN_LOCK = "academia-outbox";
const ownerLock = (key: string) => `academia-outbox:${key}`;

/** Sets or clears the device's mark; setting it tells the page, which then watches the outbox. */
function setMark(on: boolean) {
  try {
    if (on === hasDeviceData()) return;
    if (on) localStorage.setItem(DEVICE_DATA_MARK, "1");
    else localStorage.removeItem(DEVICE_DATA_MARK);
  } catch {
    // Storage refused (a private window's quota): pages then find the outbox only from a player.
  }
  if (on) window.dispatchEvent(new Event(OUTBOX_EVENT));
}

/** The open players' records, forgotten at once when the device's data is cleared. */
const live = new Set<{ drop: () => void }>();

/** The player's write queue, as the outbox reads and feeds it (app/player/progress-queue.ts). */
export type KeptQueue = {
  push: (report: ProgressReport) => void;
  /** The writes not confirmed yet, in order, the one in flight first. */
  unconfirmed: () => ProgressReport[];
  /** Stops the queue once the write in flight is answered; the writes not confirmed. */
  settle: () => Promise<ProgressReport[]>;
  /** A refused `finished` waiting for the learner's 'Reintentar'. */
  asideWrite: () => ProgressReport | null;
};

export type KeptWrites = {
  /** After each change of the queue: the record follows it. */
  status: (status: { pending: number; failing: boolean }) => void;
  /** Time spent, queued as an update_time; while writes fail, within the activity's `timeCap`. */
  time: (ms: number) => void;
  /** The player closed (`closing`) or its page went away: what is not confirmed waits for a drain. */
  leave: (closing: boolean) => void;
};

/**
 * The outbox record of one open player of `activity`, for `user`, kept in step with its `queue`.
 * `onSynced` says when the writes that had to wait have all been confirmed (the player's 'Guardado');
 * `onStored`, each time the device holds the writes not confirmed as they stand (the player's 'Se
 * enviará al reconectar' waits for it: until then a closed tab would lose them).
 */
export function keepWrites(options: {
  user: number;
  activity: number;
  timeCap: number;
  queue: KeptQueue;
  onSynced: (synced: boolean) => void;
  onStored: () => void;
}): KeptWrites {
  const { user, activity, timeCap, queue, onSynced, onStored } = options;
  const since = Date.now();
  const key = `${since}-${Math.random().toString(36).slice(2)}`;
  let release: (() => void) | null = null;
  void navigator.locks?.request(ownerLock(key), () => new Promise<void>((resolve) => (release = resolve)));
  let dropped = false;
  let failing = false;
  const owner = { drop: () => (dropped = true) };
  live.add(owner);
  // Each write of the record starts after the one before, so the last state wins.
  let chain = Promise.resolve();
  let writes = 0;
  const write = (reports: ProgressReport[], open: boolean) => {
    const turn = ++writes;
    const setAside = queue.asideWrite() ?? undefined;
    chain = chain
      .then(async () => {
        if (dropped) return;
        if (reports.length === 0 && !setAside) return del(key, db());
        await set(key, { user, activity, since, open, reports, setAside } satisfies OutboxRecord, db());
        setMark(true);
        if (turn === writes) onStored();
      })
      .catch(() => undefined);
    return chain;
  };
  write(queue.unconfirmed(), true);
  return {
    status: (status) => {
      failing = status.failing;
      write(queue.unconfirmed(), true);
      if (failing || status.pending === 0) onSynced(!failing);
    },
    time: (ms) => {
      if (ms < 1000) return;
      const waiting = queue.unconfirmed().reduce((sum, item) => sum + (item.action === "update_time" ? item.time : 0), 0);
      // Time counted while writes cannot be sent stops at the activity's cap (a device left open overnight).
      const time = failing ? cappedMinutes(waiting, minutesOf(ms), timeCap) : minutesOf(ms);
      if (time > 0) queue.push({ action: "update_time", time });
    },
    leave: (closing) => {
      live.delete(owner);
      void (closing ? queue.settle() : Promise.resolve(queue.unconfirmed()))
        .then((reports) => write(reports, false))
        .then(() => {
          release?.();
          window.dispatchEvent(new Event(OUTBOX_EVENT));
        });
    },
  };
}

const unavailable: ProgressReply = { ok: false, error: "unavailable", message: "" };

/**
 * Sends one record's writes in order with the player's rules (`keptAfter`): it stops at a write
 * that failed for a passing reason (kept for the next drain), sets aside a refused `finished`
 * (`setAsideAfter`: kept for the activity's next player) and drops any other that is not worth
 * repeating. Returns how many the legacy API confirmed and whether some still wait.
 */
async function sendRecord(key: string, record: OutboxRecord, send: Send) {
  let sent = 0;
  let { reports, setAside } = record;
  while (reports.length > 0) {
    const [report, ...rest] = reports as [ProgressReport, ...ProgressReport[]];
    const reply = await send(record.activity, report, record.user).catch(() => unavailable);
    if (!reply.ok && (reply.error === "session" || keptAfter(reply.error, report))) return { sent, waiting: true };
    if (reply.ok) sent += 1;
    else if (setAsideAfter(reply.error, report)) setAside = report;
    reports = rest;
    await (rest.length > 0 || setAside
      ? set(key, { ...record, reports: rest, setAside } satisfies OutboxRecord, db())
      : del(key, db()));
  }
  return { sent, waiting: false };
}

/** Keeps a refused `finished` of a player closed before its outbox record was made (the outbox loads on demand). */
export async function keepSetAside(user: number, activity: number, setAside: ProgressReport): Promise<void> {
  const since = Date.now();
  const record: OutboxRecord = { user, activity, since, open: false, reports: [], setAside };
  await set(`${since}-${Math.random().toString(36).slice(2)}`, record, db()).catch(() => undefined);
  setMark(true);
}

/**
 * Hands the refused `finished` the device keeps for `user`'s `activity` (a player closed after the
 * legacy API refused it) to the activity's player, which offers it again; it leaves the outbox only
 * once `accept` took it (false: a player already gone, and the write stays).
 */
export async function takeSetAside(user: number, activity: number, accept: (report: ProgressReport) => boolean): Promise<void> {
  const run = async () => {
    for (const [key, record] of await entries<string, OutboxRecord>(db())) {
      const { setAside } = record;
      if (record.user !== user || record.activity !== activity || !setAside) continue;
      const taken = await unlessOwned(key, record, async () => {
        if (!accept(setAside)) return false;
        const rest: OutboxRecord = { ...record, setAside: undefined };
        await (record.reports.length > 0 ? set(key, rest, db()) : del(key, db()));
        return true;
      });
      if (taken) return;
    }
  };
  await (navigator.locks ? navigator.locks.request(DRAIN_LOCK, run) : run());
}

/** Runs `work` unless the record's player still runs (its lock held; without Web Locks, its `open` mark). */
async function unlessOwned<T>(key: string, record: OutboxRecord, work: () => Promise<T>): Promise<T | null> {
  if (!navigator.locks) return record.open ? null : work();
  return await navigator.locks.request(ownerLock(key), { ifAvailable: true }, (lock) => (lock ? work() : null));
}

/**
 * Resolves once the player that owns `key`'s record is gone (its tab closed or its player left):
 * the lock is granted to this tab then, and given back at once. Never without Web Locks.
 */
export function ownerGone(key: string): Promise<void> {
  if (!navigator.locks) return new Promise<void>(() => undefined);
  return navigator.locks.request(ownerLock(key), () => undefined);
}

/** Confirmed writes, whether some still wait, and the records left to a player that still held them. */
export type DrainResult = { sent: number; waiting: boolean; owned: string[] };

/**
 * Sends the signed-in user's waiting writes, oldest record first, and deletes every other user's
 * (a different user signed in on this device: they are never sent with this session). One tab
 * drains at a time; a record whose player still runs is left to that player's own queue.
 */
export async function drain(user: number, send: Send = post): Promise<DrainResult> {
  const run = async (): Promise<DrainResult> => {
    const all = await entries<string, OutboxRecord>(db());
    await delMany(
      all.filter(([, record]) => record.user !== user).map(([key]) => key),
      db(),
    );
    const mine = all.filter(([, record]) => record.user === user).sort(([, a], [, b]) => a.since - b.since);
    let sent = 0;
    let waiting = false;
    const owned: string[] = [];
    for (const [key, record] of mine) {
      const result = await unlessOwned(key, record, () => sendRecord(key, record, send));
      if (!result) owned.push(key);
      waiting ||= result?.waiting ?? true;
      sent += result?.sent ?? 0;
      // A write that could not be sent stops the drain: the writes behind it keep their turn.
      if (result?.waiting) break;
    }
    if ((await keys(db())).length === 0) setMark(false);
    return { sent, waiting, owned };
  };
  return navigator.locks ? await navigator.locks.request(DRAIN_LOCK, run) : run();
}

/** Forgets every waiting write on this device, the open players' included. */
export async function clearOutbox(): Promise<void> {
  for (const owner of live) owner.drop();
  live.clear();
  await clear(db());
  setMark(false);
}
