import { noteAnswered } from "~/offline/supported";
import type { ProgressReply, ProgressReport } from "./types";

// How the player's writes reach `/activity-progress`; the offline outbox sends its writes the same way.

export const PROGRESS_URL = "/activity-progress";

/** A write as the form fields `/activity-progress` reads. */
export function fieldsOf(report: ProgressReport): Record<string, string> {
  const fields: Record<string, string> = { action: report.action };
  if (report.action === "update_time") fields.time = String(report.time);
  if (report.action === "update_points") fields.progress = String(report.progress);
  if (report.action === "update_user_data") fields.userData = JSON.stringify(report.userData);
  if (report.action === "update_activity_modules") fields.modules = JSON.stringify(report.modules);
  return fields;
}

/**
 * The write's form, with the learner whose write it is: the server refuses it under anyone else's
 * session (a page left open while another user signed in on the same browser, issue #29).
 */
export function formOf(activityId: number, fields: Record<string, string>, learner: number): FormData {
  const form = new FormData();
  form.set("activity", String(activityId));
  form.set("learner", String(learner));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** Under the browser's 64 KiB for requests that outlive their page (keepalive and beacons share it). */
const KEEPALIVE_CHARS = 16 * 1024;

function isReply(value: unknown): value is ProgressReply {
  return Boolean(value && typeof value === "object" && "ok" in value);
}

/**
 * A fetch that fails (offline, the app unreachable) is taken as never sent, and as no connection
 * (decision 083); an answer that is not the app's reply (a proxy's error page, a crash) as
 * unconfirmed: the write may have gone through.
 */
export async function post(activityId: number, report: ProgressReport, learner: number): Promise<ProgressReply> {
  const fields = fieldsOf(report);
  const size = Object.values(fields).reduce((total, value) => total + value.length, 0);
  const response = await fetch(PROGRESS_URL, {
    method: "POST",
    body: formOf(activityId, fields, learner),
    headers: { Accept: "application/json" },
    credentials: "same-origin",
    // A small write in flight when the page goes away still arrives (decision 020).
    keepalive: size <= KEEPALIVE_CHARS,
  }).catch(() => null);
  noteAnswered(response !== null);
  if (!response) return { ok: false, error: "unavailable", message: "" };
  const body: unknown = await response.json().catch(() => null);
  return isReply(body) ? body : { ok: false, error: "unconfirmed", message: "" };
}
