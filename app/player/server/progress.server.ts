import { z } from "zod";
import { requireUser } from "~/infra/auth.server";
import { gaugeOf } from "~/infra/metrics.server";
import type { ActivityReport } from "~/legacy/activities.server";
import { isTransient, LegacyError, LegacyUnreached } from "~/legacy/request.server";
import { SCORM_DATA_LIMITS } from "~/player/scorm-package";
import type { ProgressReply } from "~/player/types";
import { savedRecord, sendReport } from "./activity.server";

// The activity player's writes as `POST /activity-progress` receives them (app/routes/activity-progress.ts).

const activity = z.coerce.number().int().positive();

const jsonText = <T extends z.ZodTypeAny>(schema: T, maxChars = 64 * 1024) =>
  z
    .string()
    .max(maxChars)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "invalid JSON" });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** SCORM user data: each SCO's kept CMI values and the SCO open last (the contract in docs/legacy-api.md). */
const { key, value, keysPerItem, items } = SCORM_DATA_LIMITS;
const scoData = z.record(z.string().max(key), z.string().max(value)).refine((data) => Object.keys(data).length <= keysPerItem);
const scormUserData = z.object({
  scorm: z.literal(2),
  current: z.string().max(key),
  items: z.record(z.string().max(key), scoData).refine((data) => Object.keys(data).length <= items),
  attempts: z
    .record(
      z.string().max(key),
      z.object({ number: z.number().int().min(1).max(1_000_000), ended: z.boolean(), previous: scoData.optional() }),
    )
    .refine((data) => Object.keys(data).length <= items)
    .optional(),
  sequencing: z.string().max(SCORM_DATA_LIMITS.text).optional(),
});

const reportSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("started"), activity }),
  z.object({ action: z.literal("finished"), activity }),
  z.object({ action: z.literal("update_time"), activity, time: z.coerce.number().min(0.01).max(1440) }),
  z.object({
    action: z.literal("update_user_data"),
    activity,
    userData: jsonText(scormUserData, SCORM_DATA_LIMITS.text),
  }),
  z.object({ action: z.literal("update_points"), activity, progress: z.coerce.number().min(0).max(100) }),
  z.object({
    action: z.literal("update_activity_modules"),
    activity,
    modules: jsonText(z.array(z.number().int().positive()).min(1).max(200)),
  }),
]);

type Report = z.infer<typeof reportSchema>;

/**
 * What a page sends as it goes away (decision 020): several writes of one activity, as the fields
 * of each, performed in order here because a page's separate beacons may arrive in any order.
 */
const BATCH_MAX = 16;
/** Room for a write of the largest user data, escaped once more inside the batch; the body cap bounds it too. */
const BATCH_CHARS = 2 * SCORM_DATA_LIMITS.text + 16 * 1024;
const batchSchema = z.object({
  action: z.literal("batch"),
  activity,
  reports: jsonText(
    z
      .array(z.record(z.string().max(32), z.string()))
      .min(1)
      .max(BATCH_MAX),
    BATCH_CHARS,
  ),
});

function reportsOf(form: Record<string, unknown>): Report[] | null {
  if (form.action !== "batch") {
    const single = reportSchema.safeParse(form);
    return single.success ? [single.data] : null;
  }
  const batch = batchSchema.safeParse(form);
  if (!batch.success) return null;
  const reports: Report[] = [];
  for (const fields of batch.data.reports) {
    const report = reportSchema.safeParse({ ...fields, activity: batch.data.activity });
    if (!report.success) return null;
    reports.push(report.data);
  }
  return reports;
}

/**
 * One learner's writes to one activity are performed one at a time, in the order they arrive: a
 * write sent with fetch just before the page left and the beacon sent as it left may overlap.
 * NOTE: per process; behind several app processes, a learner's requests keep this order only
 * when the balancer keeps them on one process.
 */
const lanes = new Map<string, Promise<unknown>>();
gaugeOf(
  "academia_player_write_lanes",
  "Learners' activities with player writes being performed or waiting in order",
  () => lanes.size,
);

function inLane<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = lanes.get(key) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(work);
  const settled = mine.catch(() => undefined);
  lanes.set(key, settled);
  void settled.then(() => {
    if (lanes.get(key) === settled) lanes.delete(key);
  });
  return mine;
}

function legacyReport(report: Report): ActivityReport {
  switch (report.action) {
    case "update_time":
      return { activity: report.activity, time: report.time };
    case "update_user_data":
      return { activity: report.activity, userData: report.userData };
    case "update_points":
      return { activity: report.activity, progress: report.progress };
    case "update_activity_modules":
      return { activity: report.activity, modules: report.modules, statusType: "ACTIVITY_MODULE" };
    default:
      return { activity: report.activity };
  }
}

function reply(body: ProgressReply, status = 200, init: HeadersInit = {}) {
  const headers = new Headers(init);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { status, headers });
}

/**
 * The activity player's writes (spec §4, §7), one per request, sent by the page with fetch or, when
 * the page is going away, with navigator.sendBeacon. It answers with the record the legacy API
 * confirmed, so the player shows only saved state.
 */
export async function recordProgress(request: Request) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  try {
    const { session, ctx } = await requireUser(request);
    // A body the parser cannot read (a broken part inside a well-framed multipart) is the page's mistake: 400.
    const form = await request.formData().catch(() => null);
    // Another learner's write (a page left open while someone else signed in on this browser, its
    // outbox draining): never recorded under this session; the page reloads as who is signed in.
    const learner = form?.get("learner");
    if (typeof learner === "string" && learner !== String(session.user.id)) {
      return reply({ ok: false, error: "session", location: "/" }, 409);
    }
    const [first, ...rest] = (form && reportsOf(Object.fromEntries(form))) ?? [];
    if (!first) return reply({ ok: false, error: "invalid", message: "" }, 400);
    const record = await inLane(`${session.token}:${first.activity}`, async () => {
      // A page's last data refused (too large, say) does not cost it the points and finished behind it.
      let refused: unknown = null;
      let last = null;
      for (const report of [first, ...rest]) {
        try {
          last = await sendReport(ctx, report.action, legacyReport(report));
        } catch (error) {
          const dataRefused = report.action === "update_user_data" && error instanceof LegacyError && !isTransient(error);
          if (!dataRefused || rest.length === 0) throw error;
          refused ??= error;
        }
      }
      if (refused || !last) throw refused;
      return last;
    });
    return reply({ ok: true, record: savedRecord(record) });
  } catch (error) {
    // The guard and a legacy 401 end the session with a redirect: the page follows it itself.
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      const headers = new Headers();
      for (const cookie of error.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
      return reply({ ok: false, error: "session", location: error.headers.get("Location") ?? "/login" }, 401, headers);
    }
    if (error instanceof Response) throw error;
    // Never sent: the page may send it again. Timed out or 5xx: it may be saved, and update_time adds.
    if (error instanceof LegacyUnreached) return reply({ ok: false, error: "unavailable", message: "" }, 503);
    if (isTransient(error)) return reply({ ok: false, error: "unconfirmed", message: "" }, 502);
    // Any other answer (402, 422, an upstream without the call's 404) would be the same again.
    if (error instanceof LegacyError) {
      return error.kind === "invalid"
        ? reply({ ok: false, error: "invalid", message: error.serverMessage }, 422)
        : reply({ ok: false, error: "refused", message: error.serverMessage }, 409);
    }
    throw error;
  }
}
