import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { TIME_UPDATE_MS } from "~/domain/activity";
import { minutesOf } from "~/domain/finish";
import { ProgressQueue, type QueueStatus } from "./progress-queue";
import type { ProgressReply, ProgressReport, SavedRecord } from "./types";

export const PROGRESS_URL = "/activity-progress";

/** A write as the form fields `/activity-progress` reads. */
function fieldsOf(report: ProgressReport): Record<string, string> {
  const fields: Record<string, string> = { action: report.action };
  if (report.action === "update_time") fields.time = String(report.time);
  if (report.action === "update_points") fields.progress = String(report.progress);
  if (report.action === "update_user_data") fields.userData = JSON.stringify(report.userData);
  if (report.action === "update_activity_modules") fields.modules = JSON.stringify(report.modules);
  return fields;
}

function formOf(activityId: number, fields: Record<string, string>): FormData {
  const form = new FormData();
  form.set("activity", String(activityId));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** Under the browser's 64 KiB for requests that outlive their page (keepalive and beacons share it). */
const KEEPALIVE_CHARS = 16 * 1024;

function isReply(value: unknown): value is ProgressReply {
  return Boolean(value && typeof value === "object" && "ok" in value);
}

/**
 * A fetch that fails (offline, the app unreachable) is taken as never sent; an answer that is not
 * the app's reply (a proxy's error page, a crash) as unconfirmed: the write may have gone through.
 */
async function post(activityId: number, report: ProgressReport): Promise<ProgressReply> {
  const fields = fieldsOf(report);
  const size = Object.values(fields).reduce((total, value) => total + value.length, 0);
  const response = await fetch(PROGRESS_URL, {
    method: "POST",
    body: formOf(activityId, fields),
    headers: { Accept: "application/json" },
    credentials: "same-origin",
    // A small write in flight when the page goes away still arrives (decision 020).
    keepalive: size <= KEEPALIVE_CHARS,
  }).catch(() => null);
  if (!response) return { ok: false, error: "unavailable", message: "" };
  const body: unknown = await response.json().catch(() => null);
  return isReply(body) ? body : { ok: false, error: "unconfirmed", message: "" };
}

/**
 * For a page or player that is going away: the writes left, in one request the server performs
 * in order (decision 020), which the browser delivers even after the page is gone. Past the
 * browser's quota for such requests, the user data (already sent at each commit before) is left
 * out so that points and finished still arrive.
 */
function beacon(activityId: number, reports: ProgressReport[]) {
  if (reports.length === 0) return;
  const formFor = (items: ProgressReport[]) =>
    formOf(activityId, { action: "batch", reports: JSON.stringify(items.map(fieldsOf)) });
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
function sendClosing(activityId: number, reports: ProgressReport[]) {
  if (reports.length === 0) return;
  const body = formOf(activityId, { action: "batch", reports: JSON.stringify(reports.map(fieldsOf)) });
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

// A layout effect (React warns about one during server rendering, where it would not run anyway).
const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

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
  /** Shows the unsaved notice for a write that could not even be sent. */
  unsaved: () => void;
  /**
   * Registers what closes the content when the page goes away for good, so that what it commits
   * as it closes leaves with the last writes; returns the unregistering function.
   */
  onLeave: (close: () => void) => () => void;
};

/**
 * Tracking of spec §4 for one open activity: `started` on open, `update_time` every 30 s of
 * visible time, `finished` once, counters stopped once finalized, and the pending minutes sent with
 * a beacon when the page is hidden. When the player closes or the page goes away, what the content
 * commits as it closes joins the writes left, which leave in one ordered request: a beacon (a fetch
 * past its quota when the player closes in the app and the page stays; decision 020). Each
 * confirmed change revalidates the loaders, so the cards, route percent and points behind the
 * player update without a reload.
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
  const leaving = useRef(new Set<() => void>());

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
    const pendingTime = () => {
      stop();
      return takePending();
    };
    const onPageHide = (event: PageTransitionEvent) => {
      queue.hold();
      // Gone for good (not into the back/forward cache): the content closes now, and commits.
      if (!event.persisted) for (const close of leaving.current) close();
      beacon(activityId, withTime(queue.takeWaiting(), pendingTime()));
    };
    const tick = window.setInterval(() => {
      if (!counting() || document.visibilityState !== "visible") return;
      const ms = takePending();
      if (ms >= 1000) queue.push({ action: "update_time", time: minutesOf(ms) });
    }, TIME_UPDATE_MS);
    const onVisibility = () =>
      document.visibilityState === "visible" ? start() : beacon(activityId, withTime([], pendingTime()));
    const onPageShow = () => {
      queue.resume();
      start();
    };
    start();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.clearInterval(tick);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      // Closing the player: what is still queued (the content's last commit included, held since
      // the layout cleanup below) and the last seconds go out in one request.
      sendClosing(activityId, withTime(queue.close(), pendingTime()));
      queueRef.current = null;
    };
  }, [activityId, takePending]);

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
    if (ms >= 1000) queue.push({ action: "update_time", time: minutesOf(ms) });
    queue.push({ action: "finished" });
  }, [takePending]);

  const report = useCallback((item: ProgressReport) => queueRef.current?.push(item), []);
  const retryNow = useCallback(() => queueRef.current?.retryNow(), []);
  const unsaved = useCallback(() => queueRef.current?.refuse(""), []);
  const onLeave = useCallback((close: () => void) => {
    leaving.current.add(close);
    return () => void leaving.current.delete(close);
  }, []);

  return { saved, status, finishing, finish, report, retryNow, unsaved, onLeave };
}
