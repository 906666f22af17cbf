import { floor2 } from "./numbers";

/**
 * What a finished activity's card shows (issue #13 item 7): the score the SCORM package reported,
 * as a percentage, and the minutes the learner spent on it. The score comes from the SCORM data
 * kept with update_user_data (docs/legacy-api.md "SCORM user data"): per SCO, the scaled score
 * (2004), else raw within min..max, else a raw score read as a percentage; a package of several
 * SCOs shows their mean.
 */
export type ActivityResult = { score: number | null; minutes: number };

type FinishedRecord = { finalized: boolean; userData: string | null; taskDuration: number };

const number = (value: unknown) =>
  (typeof value === "string" && value.trim() !== "") || typeof value === "number" ? Number(value) : Number.NaN;

/**
 * One SCO's score as a percentage (0–100 when the package keeps to its range), or null when it
 * set none: the scaled score (2004), else raw within min..max, else raw read as a percentage. The
 * player's points (update_points, activity.ts) and the card read it the same way.
 */
export function scoScore(data: Record<string, unknown>): number | null {
  const scaled = number(data["cmi.score.scaled"]);
  if (Number.isFinite(scaled)) return scaled * 100;
  const field = (name: string) => number(data[`cmi.score.${name}`] ?? data[`cmi.core.score.${name}`]);
  const raw = field("raw");
  if (!Number.isFinite(raw)) return null;
  const max = field("max");
  const min = Number.isFinite(field("min")) ? field("min") : 0;
  return Number.isFinite(max) && max > min ? ((raw - min) / (max - min)) * 100 : raw;
}

/** The SCOs' data in user data of either shape: `{scorm: 2, items: {id: {...}}}` or the older flat one. */
function scoData(userData: string | null): Array<Record<string, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse(userData ?? "null");
  } catch {
    return [];
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  const items = (value as { items?: unknown }).items;
  if (items && typeof items === "object" && !Array.isArray(items)) {
    return Object.values(items).filter(
      (item): item is Record<string, unknown> => Boolean(item) && typeof item === "object" && !Array.isArray(item),
    );
  }
  return [value as Record<string, unknown>];
}

export function activityResult(record: FinishedRecord | null | undefined): ActivityResult | null {
  if (!record?.finalized) return null;
  const scores = scoData(record.userData)
    .map(scoScore)
    .filter((score): score is number => score !== null && Number.isFinite(score));
  const score =
    scores.length > 0 ? floor2(Math.min(100, Math.max(0, scores.reduce((sum, item) => sum + item, 0) / scores.length))) : null;
  return { score, minutes: Math.max(0, record.taskDuration) };
}
