import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { TIME_UPDATE_MS } from "~/domain/activity";
import { minutesOf } from "~/domain/finish";
import { useClientLayoutEffect } from "~/lib/hooks";
import type { KeptWrites } from "~/offline/outbox";
import { hasDeviceData } from "~/offline/supported";
import { fieldsOf, formOf, post, PROGRESS_URL } from "./progress-post";
import { ProgressQueue, type QueueStatus } from "./progress-queue";
import type { ProgressReport, SavedRecord } from "./types";

/**
 * For a page or player that is going away: the writes left, in one request the server performs
 * in order (decision 020), which the browser delivers even after the page is gone. Past the
 * browser's quota for such requests, the user data (already sent at each commit before) is left
 * out so that points and finished still arrive.
 */
function beacon(activityId: number, learner: number, reports: ProgressReport[]) {
  if (reports.length === 0) return;
  const formFor = (items: ProgressReport[]) =>
    formOf(activityId, { action: "batch", reports: JSON.stringify(items.map(fieldsOf)) }, learner);
  if (navigator.sendBeacon?.(PROGRESS_URL, formFor(reports))) return;
  const lean = reports.filter((report) => report.action !== "update_user_data");
  if (lean.length === 0) return;
  if (lean.length < reports.length && navigator.sendBeacon?.(PROGRESS_URL, formFor(lean))) return;
  void fetch(PROGRESS_URL, { method: "POST", body: formFor(lean), keepalive: true, credentials: "same-origin" }).catch(
    () => undefined,
  );
}

/**
 * For a player closed in the app, the page staying: the writes left in one ordered request, a
 * beacon when it fits the browser's quota, else a plain fetch, so a last commit of large data is
 * not cut as it would be when the page goes away (decision 020).
 */
function sendClosing(activityId: number, learner: number, reports: ProgressReport[]) {
  if (reports.length === 0) return;
  const body = formOf(activityId, { action: "batch", reports: JSON.stringify(reports.map(fieldsOf)) }, learner);
  if (navigator.sendBeacon?.(PROGRESS_URL, body)) return;
  void fetch(PROGRESS_URL, { method: "POST", body, credentials: "same-origin" }).catch(() => undefined);
}

/** The time spent goes before finished: once finalized the legacy API ignores update_time. */
function withTime(reports: ProgressReport[], ms: number): ProgressReport[] {
  if (ms < 1000) return reports;
  const time: ProgressReport = { action: "update_time", time: minutesOf(ms) };
  const at = reports.findIndex((report) => report.action === "finished");
  return at < 0 ? [...reports, time] : [...reports.slice(0, at), time, ...reports.slice(at)];
}

const changed = (a: SavedRecord | null, b: SavedRecord) =>
  !a || a.initiated !== b.initiated || a.finalized !== b.finalized || a.progress !== b.progress;

export type Tracker = {
  /** The record as the legacy API last confirmed it. */
  saved: SavedRecord | null;
  status: QueueStatus;
  /** The activity's rule said it is done (finished is sent once, even before it is confirmed). */
  finishing: boolean;
  /** Writes that had to wait in the outbox have all been confirmed since. */
  synced: boolean;
  /** The device holds the writes not confirmed as they stand now (the outbox's record is up to date). */
  stored: boolean;
  finish: () => void;
  report: (report: ProgressReport) => void;
  retryNow: () => void;
  /** Shows the unsaved notice for a write that could not even be sent. */
  unsaved: () => void;
  /**
   * Registers what closes the content when the page goes away for good, so that what it commits
   * as it closes leaves with the last writes; returns the unregistering function.
   */
  onLeave: (close: () => void) => () => void;
};

/**
 * Tracking of spec §4 for one open activity: `started` on open (unless it is finished), `update_time` every 30 s of
 * visible time, `finished` once, counters stopped once finalized, and the pending minutes sent with
 * a beacon when the page is hidden. When the player closes or the page goes away, what the content
 * commits as it closes joins the writes left, which leave in one ordered request: a beacon (a fetch
 * past its quota when the player closes in the app and the page stays; decision 020). Each
 * confirmed change revalidates the loaders, so the cards, route percent and points behind the
 * player update without a reload. Once a write could not be sent, the writes not confirmed are
 * kept for `user` in the offline outbox (`~/offline/outbox`, loaded only then, decision 046), and
 * what is left when the player closes waits there instead of leaving in a beacon that could not
 * arrive; time counted while writes fail stops at `timeCap` minutes.
 */
export function useActivityTracker(
  activityId: number,
  initial: SavedRecord | null,
  { user, timeCap }: { user: number; timeCap: number },
): Tracker {
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const [saved, setSaved] = useState(initial);
  const savedRef = useRef(initial);
  const [status, setStatus] = useState<QueueStatus>({ pending: 0, failing: false, refused: null, setAside: false });
  const [finishing, setFinishing] = useState(Boolean(initial?.finalized));
  const [synced, setSynced] = useState(false);
  const [stored, setStored] = useState(false);
  const finishingRef = useRef(Boolean(initial?.finalized));
  const queueRef = useRef<ProgressQueue | null>(null);
  const clock = useRef({ since: null as number | null, pendingMs: 0 });
  const leaving = useRef(new Set<() => void>());
  const keptRef = useRef<KeptWrites | null>(null);

  /** Visible time counted so far and not yet sent; the clock keeps running if it was. */
  const takePending = useCallback(() => {
    const now = Date.now();
    const { since } = clock.current;
    const ms = clock.current.pendingMs + (since === null ? 0 : now - since);
    clock.current = { since: since === null ? null : now, pendingMs: 0 };
    return ms;
  }, []);

  /** Time spent, as an update_time; the outbox caps the time counted while writes cannot be sent. */
  const pushTime = useCallback((ms: number) => {
    if (keptRef.current) keptRef.current.time(ms);
    else if (ms >= 1000) queueRef.current?.push({ action: "update_time", time: minutesOf(ms) });
  }, []);

  useEffect(() => {
    let active = true;
    let loading = false;
    /** From the first write that could not be sent on, the outbox keeps the writes not confirmed. */
    const keep = () => {
      if (loading) return;
      loading = true;
      void import("~/offline/outbox").then(
        ({ keepWrites }) => {
          if (active)
            keptRef.current = keepWrites({
              user,
              activity: activityId,
              timeCap,
              queue,
              onSynced: setSynced,
              onStored: () => setStored(true),
            });
        },
        () => (loading = false),
      );
    };
    const queue: ProgressQueue = new ProgressQueue({
      send: (report) => post(activityId, report, user),
      onSaved: (record) => {
        const before = savedRef.current;
        savedRef.current = record;
        setSaved(record);
        if (record.finalized) {
          finishingRef.current = true;
          setFinishing(true);
        }
        if (changed(before, record)) revalidateRef.current();
      },
      onStatus: (next) => {
        setStatus(next);
        setStored(false);
        // A refused finished set aside is kept on the device too, for 'Reintentar' after the player closes.
        if (next.failing || next.setAside) keep();
        keptRef.current?.status(next);
      },
      onSession: (location) => window.location.assign(location),
    });
    queueRef.current = queue;
    // A finished activity opened again is only read: it is not started again (issue #29).
    if (!finishingRef.current) queue.push({ action: "started" });
    // A finished refused on an earlier visit, kept on this device, is offered again (issue #29 item 7).
    if (!finishingRef.current && hasDeviceData()) {
      void import("~/offline/outbox").then(
        ({ takeSetAside }) =>
          takeSetAside(user, activityId, (setAside) => {
            if (!active) return false;
            finishingRef.current = true;
            setFinishing(true);
            queue.setAside(setAside);
            return true;
          }),
        () => undefined,
      );
    }

    const counting = () => !finishingRef.current;
    const start = () => {
      if (counting() && document.visibilityState === "visible" && clock.current.since === null) {
        clock.current.since = Date.now();
      }
    };
    const stop = () => {
      const { since, pendingMs } = clock.current;
      clock.current = { since: null, pendingMs: pendingMs + (since === null ? 0 : Date.now() - since) };
    };
    const pendingTime = () => {
      stop();
      return takePending();
    };
    const onPageHide = (event: PageTransitionEvent) => {
      queue.hold();
      // Gone for good (not into the back/forward cache): the content closes now, and commits.
      if (!event.persisted) for (const close of leaving.current) close();
      const kept = keptRef.current;
      if (!kept) return beacon(activityId, user, withTime(queue.takeWaiting(), pendingTime()));
      kept.time(pendingTime());
      if (!event.persisted) kept.leave(false);
    };
    const tick = window.setInterval(() => {
      if (counting() && document.visibilityState === "visible") pushTime(takePending());
    }, TIME_UPDATE_MS);
    const onVisibility = () => {
      if (document.visibilityState === "visible") start();
      else if (keptRef.current) keptRef.current.time(pendingTime());
      else beacon(activityId, user, withTime([], pendingTime()));
    };
    const onOnline = () => queue.retryNow();
    const onPageShow = () => {
      queue.resume();
      start();
    };
    start();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    window.addEventListener("online", onOnline);
    return () => {
      active = false;
      window.clearInterval(tick);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      window.removeEventListener("online", onOnline);
      queueRef.current = null;
      // Closing the player: what is still queued (the content's last commit included, held since
      // the layout cleanup below) and the last seconds go out in one request, or wait in the outbox.
      const kept = keptRef.current;
      keptRef.current = null;
      const aside = queue.asideWrite();
      if (!kept && aside) {
        void import("~/offline/outbox").then(
          ({ keepSetAside }) => keepSetAside(user, activityId, aside),
          () => undefined,
        );
      }
      if (!kept) return sendClosing(activityId, user, withTime(queue.close(), pendingTime()));
      kept.time(pendingTime());
      kept.leave(true);
    };
  }, [activityId, takePending, pushTime, user, timeCap]);

  // Runs as the player is taken down, before the content's frame is removed and commits.
  useClientLayoutEffect(() => () => queueRef.current?.hold(), [activityId]);

  const finish = useCallback(() => {
    const queue = queueRef.current;
    if (finishingRef.current || !queue) return;
    finishingRef.current = true;
    setFinishing(true);
    // The time spent goes before finished: once finalized the legacy API ignores update_time.
    const ms = takePending();
    clock.current.since = null;
    pushTime(ms);
    queue.push({ action: "finished" });
  }, [takePending, pushTime]);

  const report = useCallback((item: ProgressReport) => queueRef.current?.push(item), []);
  const retryNow = useCallback(() => queueRef.current?.retryNow(), []);
  const unsaved = useCallback(() => queueRef.current?.refuse(""), []);
  const onLeave = useCallback((close: () => void) => {
    leaving.current.add(close);
    return () => void leaving.current.delete(close);
  }, []);

  return { saved, status, finishing, synced, stored, finish, report, retryNow, unsaved, onLeave };
}
