import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { ProgressQueue, type QueueStatus } from "./progress-queue";
import { minutesOf } from "~/domain/finish";
import { TIME_UPDATE_MS } from "./rules";
import type { ProgressReply, ProgressReport, SavedRecord } from "./types";

export const PROGRESS_URL = "/activity-progress";

function formOf(activityId: number, report: ProgressReport): FormData {
  const form = new FormData();
  form.set("activity", String(activityId));
  form.set("action", report.action);
  if (report.action === "update_time") form.set("time", String(report.time));
  if (report.action === "update_points") form.set("progress", String(report.progress));
  if (report.action === "update_user_data") form.set("userData", JSON.stringify(report.userData));
  if (report.action === "update_activity_modules") form.set("modules", JSON.stringify(report.modules));
  return form;
}

function isReply(value: unknown): value is ProgressReply {
  return Boolean(value && typeof value === "object" && "ok" in value);
}

/**
 * A fetch that fails (offline, the app unreachable) is taken as never sent; an answer that is not
 * the app's reply (a proxy's error page, a crash) as unconfirmed: the write may have gone through.
 */
async function post(activityId: number, report: ProgressReport): Promise<ProgressReply> {
  const response = await fetch(PROGRESS_URL, {
    method: "POST",
    body: formOf(activityId, report),
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  }).catch(() => null);
  if (!response) return { ok: false, error: "unavailable", message: "" };
  const body: unknown = await response.json().catch(() => null);
  return isReply(body) ? body : { ok: false, error: "unconfirmed", message: "" };
}

/** For a page that is going away: the browser delivers it even after the page is gone. */
function beacon(activityId: number, report: ProgressReport) {
  const form = formOf(activityId, report);
  if (!navigator.sendBeacon?.(PROGRESS_URL, form)) {
    void fetch(PROGRESS_URL, { method: "POST", body: form, keepalive: true, credentials: "same-origin" }).catch(
      () => undefined
    );
  }
}

const changed = (a: SavedRecord | null, b: SavedRecord) =>
  !a || a.initiated !== b.initiated || a.finalized !== b.finalized || a.progress !== b.progress;

export type Tracker = {
  /** The record as the legacy API last confirmed it. */
  saved: SavedRecord | null;
  status: QueueStatus;
  /** The activity's rule said it is done (finished is sent once, even before it is confirmed). */
  finishing: boolean;
  finish: () => void;
  report: (report: ProgressReport) => void;
  retryNow: () => void;
};

/**
 * Tracking of spec §4 for one open activity: `started` on open, `update_time` every 30 s of
 * visible time, `finished` once, counters stopped once finalized, and the pending minutes sent with
 * a beacon when the page is hidden or closed. Each confirmed change revalidates the loaders, so
 * the cards, route percent and points behind the player update without a reload.
 */
export function useActivityTracker(activityId: number, initial: SavedRecord | null): Tracker {
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const [saved, setSaved] = useState(initial);
  const savedRef = useRef(initial);
  const [status, setStatus] = useState<QueueStatus>({ pending: 0, failing: false, refused: null });
  const [finishing, setFinishing] = useState(Boolean(initial?.finalized));
  const finishingRef = useRef(Boolean(initial?.finalized));
  const queueRef = useRef<ProgressQueue | null>(null);
  const clock = useRef({ since: null as number | null, pendingMs: 0 });

  /** Visible time counted so far and not yet sent; the clock keeps running if it was. */
  const takePending = useCallback(() => {
    const now = Date.now();
    const { since } = clock.current;
    const ms = clock.current.pendingMs + (since === null ? 0 : now - since);
    clock.current = { since: since === null ? null : now, pendingMs: 0 };
    return ms;
  }, []);

  useEffect(() => {
    const queue = new ProgressQueue({
      send: (report) => post(activityId, report),
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
      onStatus: setStatus,
      onSession: (location) => window.location.assign(location),
    });
    queueRef.current = queue;
    queue.push({ action: "started" });

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
    const sendPendingWithBeacon = () => {
      stop();
      const ms = takePending();
      if (ms >= 1000) beacon(activityId, { action: "update_time", time: minutesOf(ms) });
    };
    const onPageHide = () => {
      for (const report of queue.takeWaiting()) beacon(activityId, report);
      sendPendingWithBeacon();
    };
    const tick = window.setInterval(() => {
      if (!counting() || document.visibilityState !== "visible") return;
      const ms = takePending();
      if (ms >= 1000) queue.push({ action: "update_time", time: minutesOf(ms) });
    }, TIME_UPDATE_MS);
    const onVisibility = () => (document.visibilityState === "visible" ? start() : sendPendingWithBeacon());
    const onPageShow = () => start();
    start();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.clearInterval(tick);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      // Closing the player: what is still queued and the last seconds go out with a beacon.
      for (const report of queue.close()) beacon(activityId, report);
      sendPendingWithBeacon();
      queueRef.current = null;
    };
  }, [activityId, takePending]);

  const finish = useCallback(() => {
    const queue = queueRef.current;
    if (finishingRef.current || !queue) return;
    finishingRef.current = true;
    setFinishing(true);
    // The time spent goes before finished: once finalized the legacy API ignores update_time.
    const ms = takePending();
    clock.current.since = null;
    if (ms >= 1000) queue.push({ action: "update_time", time: minutesOf(ms) });
    queue.push({ action: "finished" });
  }, [takePending]);

  const report = useCallback((item: ProgressReport) => queueRef.current?.push(item), []);
  const retryNow = useCallback(() => queueRef.current?.retryNow(), []);

  return { saved, status, finishing, finish, report, retryNow };
}
