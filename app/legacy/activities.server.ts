import { z } from "zod/v4";
import { type LegacyContext, legacyRequest } from "./request.server";
import { progressRecordSchema } from "./schemas/training.server";

/** The activity player's calls (spec §4, §7): each answers with the new progress record. */
export const activityActions = [
  "started",
  "update_time",
  "finished",
  "update_user_data",
  "update_activity_modules",
  "update_points",
] as const;

export type ActivityAction = (typeof activityActions)[number];

export type ActivityReport = {
  activity: number;
  statusType?: "ACTIVITY" | "ACTIVITY_MODULE";
  /** Minutes, for update_time. */
  time?: number;
  userData?: unknown;
  modules?: number[];
  progress?: number;
};

const activityReply = z.object({ user_progress: progressRecordSchema }).transform((reply) => reply.user_progress);

export function reportActivity(ctx: LegacyContext, action: ActivityAction, report: ActivityReport) {
  return legacyRequest(ctx, {
    method: "POST",
    path: `/activities/${action}`,
    body: {
      action,
      activity: report.activity,
      status_type: report.statusType ?? "ACTIVITY",
      ...(report.time === undefined ? {} : { time: report.time }),
      ...(report.userData === undefined ? {} : { user_data: JSON.stringify(report.userData) }),
      ...(report.modules === undefined ? {} : { modules: JSON.stringify(report.modules) }),
      ...(report.progress === undefined ? {} : { progress: report.progress }),
    },
    schema: activityReply,
  });
}
