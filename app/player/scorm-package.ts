// Relative: server/body-limit.ts imports this module, and the server's bundle has no `~` alias.
import { isRestoredScormKey, type ScoAttempt, type ScormVersion } from "../domain/scorm";
import type { ScormItem, ScormPackage, ScormUserData } from "./types";

/**
 * A SCORM package's SCOs as the player moves between them (issue #13): the user data that keeps
 * each one (the contract in docs/legacy-api.md), what each SCO starts with, and where a
 * navigation request leads. Pure functions, shared by the player and the loader.
 */

/** The contract's limits on update_user_data (docs/legacy-api.md, "SCORM user data"). */
export const SCORM_DATA_LIMITS = {
  value: 64_000,
  key: 255,
  keysPerItem: 4_096,
  items: 64,
  text: 512 * 1024,
} as const;

/** Whether a package's user data, with one SCO's kept data, is within SCORM_DATA_LIMITS, so the legacy API can take it. */
export function scormDataFits(userData: ScormUserData): boolean {
  const items = Object.values(userData.items);
  return (
    items.length <= SCORM_DATA_LIMITS.items &&
    items.every((data) => {
      const entries = Object.entries(data);
      return (
        entries.length <= SCORM_DATA_LIMITS.keysPerItem &&
        entries.every(([key, value]) => key.length <= SCORM_DATA_LIMITS.key && value.length <= SCORM_DATA_LIMITS.value)
      );
    }) &&
    JSON.stringify(userData).length <= SCORM_DATA_LIMITS.text
  );
}

/** The package's SCOs and assets, in order: what can be launched. */
export const launchable = (pack: ScormPackage) =>
  pack.items.filter((item): item is ScormItem & { launch: string } => item.launch !== null);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function cmiValues(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const entries = Object.entries(value).flatMap(([key, item]) =>
    key.startsWith("cmi.") && (typeof item === "string" || typeof item === "number") ? [[key, String(item)]] : [],
  );
  return Object.fromEntries(entries);
}

/**
 * A record's user_data (JSON text or an object) as per-SCO data. The flat shape saved before
 * issue #13 (`{"cmi.…": "…"}`) is the data of the first SCO; null when nothing usable is there.
 */
export function readScormUserData(raw: unknown, firstSco: string | null): ScormUserData | null {
  let value = raw;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!isRecord(value)) return null;
  if (value.scorm === 2 && isRecord(value.items)) {
    const items = Object.fromEntries(
      Object.entries(value.items).flatMap(([id, data]) => {
        const values = cmiValues(data);
        return Object.keys(values).length > 0 ? [[id, values]] : [];
      }),
    );
    const current = typeof value.current === "string" ? value.current : "";
    const attempts = readAttempts(value.attempts);
    if (Object.keys(items).length === 0 && !current) return null;
    return {
      scorm: 2,
      current,
      items,
      ...(Object.keys(attempts).length > 0 ? { attempts } : {}),
      ...(typeof value.sequencing === "string" && value.sequencing ? { sequencing: value.sequencing } : {}),
    };
  }
  const flat = cmiValues(value);
  if (!firstSco || Object.keys(flat).length === 0) return null;
  return { scorm: 2, current: firstSco, items: { [firstSco]: flat } };
}

function readAttempts(value: unknown): Record<string, ScoAttempt> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).flatMap(([id, attempt]) => {
      if (!isRecord(attempt) || !Number.isInteger(attempt.number) || (attempt.number as number) < 1) return [];
      const previous = cmiValues(attempt.previous);
      const kept: ScoAttempt = { number: attempt.number as number, ended: attempt.ended === true };
      return [[id, Object.keys(previous).length > 0 ? { ...kept, previous } : kept]];
    }),
  );
}

/** The item to open: the one open last if it can still be launched, else the first. */
export function startItem(pack: ScormPackage, resume: ScormUserData | null): string | null {
  const items = launchable(pack);
  return (items.find((item) => item.id === resume?.current) ?? items[0])?.id ?? null;
}

const OBJECTIVE_STATUS =
  /^cmi\.objectives\.\d+\.(?:id|status|success_status|completion_status|progress_measure|score\.(?:raw|min|max|scaled))$/;

/**
 * A launch of SCO `id` (decision 055): after an attempt that ended, a new attempt with a fresh data
 * model but for its objectives' status (the ended one's data kept as `previous`); otherwise the attempt saved, resumed when its
 * last session suspended. Returns the user data as it stands once launched, the data the SCO
 * starts from and its entry: "ab-initio" for a fresh data model, "resume" after a suspend, else "".
 */
export function launchSco(
  version: ScormVersion,
  userData: Pick<ScormUserData, "items" | "attempts">,
  id: string,
): {
  items: ScormUserData["items"];
  attempts: Record<string, ScoAttempt>;
  saved: Record<string, string> | undefined;
  entry: string;
} {
  const attempts = { ...userData.attempts };
  const items = { ...userData.items };
  const attempt = attempts[id];
  if (attempt?.ended) {
    const previous = items[id];
    attempts[id] = { number: attempt.number + 1, ended: false, ...(previous ? { previous } : {}) };
    delete items[id];
    // The objectives' status outlives the attempt (SN: an activity's objective information is not
    // reset by a new attempt); everything else starts again.
    const objectives = Object.fromEntries(Object.entries(previous ?? {}).filter(([key]) => OBJECTIVE_STATUS.test(key)));
    return { items, attempts, saved: Object.keys(objectives).length > 0 ? objectives : undefined, entry: "ab-initio" };
  }
  const saved = items[id];
  const suspended = saved?.[version === "1.2" ? "cmi.core.exit" : "cmi.exit"] === "suspend";
  return { items, attempts, saved, entry: !saved ? "ab-initio" : suspended ? "resume" : "" };
}

/**
 * What a SCO's runtime is loaded with before it starts: its saved data, the manifest's values
 * (which win, should the package have changed), the manifest's objectives not saved yet (after
 * the saved ones, so their indices hold), the learner and the entry mode (`launchSco`).
 */
export function startValues(
  version: ScormVersion,
  item: Pick<ScormItem, "cmi" | "objectives">,
  saved: Record<string, string> | undefined,
  learner: { id: number; firstName: string; lastName: string },
  entry: string,
): Record<string, string> {
  // Every kept value but the last session's time and exit (isRestoredScormKey, app/domain/scorm.ts).
  const kept = Object.fromEntries(Object.entries(saved ?? {}).filter(([key]) => isRestoredScormKey(version, key)));
  const savedIds = new Set(
    Object.entries(kept).flatMap(([key, value]) => (/^cmi\.objectives\.\d+\.id$/.test(key) ? [value] : [])),
  );
  let next = Object.keys(kept).reduce(
    (count, key) => Math.max(count, Number(/^cmi\.objectives\.(\d+)\./.exec(key)?.[1] ?? -1) + 1),
    0,
  );
  const objectives: Record<string, string> = {};
  for (const id of item.objectives) if (!savedIds.has(id)) objectives[`cmi.objectives.${next++}.id`] = id;
  const name = [learner.lastName, learner.firstName].filter(Boolean).join(", ");
  const who: Record<string, string> =
    version === "2004"
      ? { "cmi.learner_id": String(learner.id), "cmi.learner_name": name, "cmi.entry": entry }
      : { "cmi.core.student_id": String(learner.id), "cmi.core.student_name": name, "cmi.core.entry": entry };
  return { ...kept, ...item.cmi, ...objectives, ...who };
}

/** A navigation request (2004 `adl.nav.request`, or a tap on the table of contents); suspendAll, abandon and abandonAll close as exitAll does. */
export type NavRequest = { type: "continue" | "previous" | "exit" | "exitAll" } | { type: "choice"; target: string };

/** Where a request leads from the item open: another item to launch, the player's close, or nowhere. */
export function navigate(pack: ScormPackage, current: string, request: NavRequest): { launch: string } | { close: true } | null {
  const items = launchable(pack);
  const at = items.findIndex((item) => item.id === current);
  switch (request.type) {
    case "continue":
      return items[at + 1] ? { launch: items[at + 1]!.id } : null;
    case "previous":
      return at > 0 ? { launch: items[at - 1]!.id } : null;
    case "choice":
      return items.some((item) => item.id === request.target) ? { launch: request.target } : null;
    default:
      return { close: true };
  }
}
