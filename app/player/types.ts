import type { ProgressReport } from "~/domain/activity";
import type { ScormUserData } from "~/domain/scorm";

/** What the activity player renders, as the loader hands it to the page (never a raw legacy payload). */

/** The writes and the SCORM user data are shapes of the pure rules (app/domain/activity.ts, app/domain/scorm.ts). */
export type { ProgressReport, ScormUserData };

export type PlayerKind = "video" | "audio" | "image" | "pdf" | "scorm" | "external" | "unsupported";

/** A progress record as the legacy API confirmed it. */
export type SavedRecord = {
  initiated: boolean;
  finalized: boolean;
  progress: number;
  /** Minutes. */
  taskDuration: number;
  /** What the legacy API recorded for it (the finish's reply is the new progress: spec §6). */
  points: number;
};

export type PlayerActivity = {
  /** The activity whose progress is recorded (a parent_activity keeps its own id). */
  id: number;
  title: string;
  description: string;
  contentTypeName: string;
  kind: PlayerKind;
  /** The file to play: a same-origin `/files/...` path when it lives on the files host. */
  src: string | null;
  /** SCORM only: the package's imsmanifest.xml, which the server reads. */
  manifestUrl: string | null;
  /** External links only: the page to open, and the address the 800×600 window loads. */
  link: { url: string; windowUrl: string } | null;
  durationMinutes: number;
  /** Minutes the player may count while its writes wait offline (`offlineTimeCapMinutes`). */
  offlineTimeCap: number;
  /** Whether it can be saved for offline use (OFFLINE_KINDS, a file the app serves). */
  savesOffline: boolean;
  modules: Array<{ id: number; key: string }>;
};

/** A PDF as the server read it, so the player shows its pages as images (app/player/server/pdf/). */
export type PdfDocument = {
  /** The file's path under `/files/`, from which the page images are addressed. */
  path: string;
  /** Pages in the file; `pages` are a group of them, from page `first`. */
  pageCount: number;
  first: number;
  /** Each shown page's size in PDF points (its shape) and its text, in reading order. */
  pages: Array<{ width: number; height: number; text: string }>;
};

/** A SCORM package as the server read its imsmanifest.xml (app/player/server/scorm-manifest.server.ts). */
export type ScormPackage = {
  version: "1.2" | "2004";
  /** The default organisation's title. */
  title: string;
  /** Its items in order, groups included; `depth` 0 for the organisation's own children. */
  items: ScormItem[];
  /**
   * A 2004 package that declares sequencing rules (control modes, rules, attempt limits, rollup,
   * shared objectives): its activity tree as scorm-again's sequencing engine takes it (decision 018).
   */
  sequencing?: SequencingActivity;
};

/** A sequencing rule's condition (imsss:ruleCondition, imsss:rollupCondition). */
export type SequencingCondition = {
  condition: string;
  operator?: "not";
  referencedObjective?: string;
  parameters?: { threshold: number };
};

/** An objective of an activity (imsss:primaryObjective, imsss:objective) and its maps to shared global objectives. */
export type SequencingObjective = {
  objectiveID: string;
  satisfiedByMeasure?: boolean;
  minNormalizedMeasure?: number;
  mapInfo?: Array<{
    targetObjectiveID: string;
    readSatisfiedStatus: boolean;
    readNormalizedMeasure: boolean;
    writeSatisfiedStatus: boolean;
    writeNormalizedMeasure: boolean;
  }>;
};

/** One activity of a package's sequencing tree: the organisation (the root), a group or a SCO (scorm-again's ActivitySettings). */
export type SequencingActivity = {
  id: string;
  title: string;
  children?: SequencingActivity[];
  sequencingControls: Record<string, boolean | number>;
  sequencingRules?: Partial<
    Record<
      "preConditionRules" | "exitConditionRules" | "postConditionRules",
      Array<{ action: string; conditionCombination: "all" | "any"; conditions: SequencingCondition[] }>
    >
  >;
  attemptLimit?: number;
  attemptAbsoluteDurationLimit?: string;
  primaryObjective?: SequencingObjective;
  objectives?: SequencingObjective[];
  rollupRules?: {
    rules: Array<{
      action: string;
      consideration: string;
      minimumCount?: number;
      minimumPercent?: number;
      conditionCombination: "all" | "any";
      conditions: SequencingCondition[];
    }>;
  };
  rollupConsiderations?: Record<string, string | boolean>;
  deliveryControls?: Record<string, boolean>;
};

export type ScormItem = {
  id: string;
  title: string;
  depth: number;
  /** What the item launches (same-origin, with its parameters); null for a group of items. */
  launch: string | null;
  /** A SCO talks to the runtime; an asset does not and counts as completed once opened. */
  sco: boolean;
  /** Values from the manifest the runtime starts the SCO with (mastery score, launch data...). */
  cmi: Record<string, string>;
  /** 2004: the ids of the objectives it declares (imsss:objectives), primary first. */
  objectives: string[];
};

/**
 * Why a PDF's pages cannot be shown: locked with a password, damaged, the renderers too busy for
 * now (the learner's share or the whole queue, issue #26), or any other failure (missing, too large…).
 */
export type PdfProblem = "protected" | "damaged" | "busy" | "unreadable";

/** Why a SCORM package cannot play: the files host did not answer, or the package is broken (a reference for support). */
export type ScormProblem = { reason: "unreachable" } | { reason: "broken"; reference: string };

/**
 * What the player says once the activity is finished (issue #29), besides the points the saved
 * record carries: its route's percentage with it finished, and the next step in the route.
 */
export type AfterFinish = {
  route: { name: string; href: string; progress: number } | null;
  next:
    | { kind: "activity"; title: string; href: string }
    /** Only an escape room is left, locked: named, with the way back to the route. */
    | { kind: "locked"; title: string; href: string }
    /** The route's last activity: the way back to the route page. */
    | { kind: "end"; href: string }
    | null;
};

/** Everything the player of a found activity needs. */
export type PlayerPayload = {
  closeTo: string;
  activity: PlayerActivity;
  record: SavedRecord | null;
  /** SCORM resume data: the per-SCO values saved with update_user_data. */
  resume: ScormUserData | null;
  /** SCORM only: the package as its manifest describes it (its launch file alone when it has none); null with a problem. */
  scorm: ScormPackage | null;
  /** SCORM only: why the package cannot play, the files host not answering or the package broken (with the request's id). */
  scormProblem: ScormProblem | null;
  learner: { id: number; firstName: string; lastName: string };
  /** The request carried `Save-Data: on`: nothing autoplays and media is not preloaded. */
  saveData: boolean;
  /** PDF only: its pages, or why the file could not be read (the player says so); null for other kinds. */
  pdf: PdfDocument | { problem: PdfProblem } | null;
  after: AfterFinish;
};

export type PlayerData =
  { state: "not_found"; closeTo: string } | ({ state: "ready" | "locked" | "unavailable" } & PlayerPayload);

/** What the player routes' action answers to the forms of the player without JavaScript (app/player/server/plain-progress.server.ts). */
export type PlainProgressReply =
  /** Started: the sealed note to send back with 'Marcar como terminado', and how long to wait. */
  | { plain: "started"; note: string; waitMs: number }
  /** Sent too early: the same note, and how long is still left. */
  | { plain: "early"; note: string; waitMs: number }
  /** No note the server can trust (expired, another learner's or activity's): start again. */
  | { plain: "restart" }
  /** The legacy API failed: its message with the request's reference, and the note to try again with. */
  | { plain: "failed"; errors: string[]; note: string | null };

/**
 * What `/activity-progress` answers. `unavailable`: the write never reached the legacy API (503,
 * or 408 from the HTTP server when its body stopped arriving); `unconfirmed`: it timed out or got
 * a 5xx, so the legacy API may have saved it anyway (502); `busy`: the server refused it unread,
 * past the learner's share of its memory (429) or its whole budget (503), and asks to wait
 * `retryAfter` seconds before sending it again (server/budget.ts).
 */
export type ProgressReply =
  | { ok: true; record: SavedRecord }
  | { ok: false; error: "session"; location: string }
  | { ok: false; error: "busy"; retryAfter: number; message: string }
  | { ok: false; error: "refused" | "invalid" | "unavailable" | "unconfirmed"; message: string };

/** A file saving an activity for offline use fetches; `bytes` when known, else `estimate` if any. */
export type OfflineFile = { url: string; bytes: number | null; estimate?: number };

/** `GET /offline-files/<activity>/<width>`: what saving it fetches (app/player/server/offline-files.server.ts). */
export type OfflineFiles =
  /** `failed`: the content could not be read now (its host, the PDF renderer); saving may work later. */
  | { state: "not_found" | "unavailable" | "not_saveable" | "failed" }
  | {
      state: "ready";
      id: number;
      title: string;
      kind: PlayerKind;
      /** The content's files, as the player asks for them. */
      files: OfflineFile[];
      /** A long PDF's later page groups, whose pages open at `<player>/pages/<first>`. */
      pageGroups: number[];
      /** The app's scripts, styles and icons the saved page runs on. */
      shell: OfflineFile[];
    };
