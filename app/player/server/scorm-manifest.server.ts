import { deepFreeze } from "deep-freeze-es6";
import { XMLParser } from "fast-xml-parser";
import { LRUCache } from "lru-cache";
import type { ScormVersion } from "~/domain/scorm";
import { filesHostUrl } from "~/infra/files-host.server";
import { BodyTooLarge, discard, readCapped, upstream } from "~/infra/upstream.server";
import { SCORM_DATA_LIMITS } from "~/player/scorm-package";
import type { ScormItem, ScormPackage, SequencingActivity } from "~/player/types";
import { first, type Node, nodes, text } from "./manifest-xml.server";
import { declaresSequencing, sequencingActivity } from "./scorm-sequencing.server";

/**
 * A SCORM package's imsmanifest.xml read on the server (issue #13): the default organisation's
 * items in order, each SCO's launch address and the values the runtime starts it with (mastery
 * score or scaled passing score, launch data, time limit, completion threshold, objective ids).
 * The manifest is untrusted: at most 1 MiB, fetched within 5 s, parsed with entities left
 * unexpanded and nesting capped, and only addresses inside the package's folder are launched.
 */
export const MAX_MANIFEST_BYTES = 1024 * 1024;
export const MANIFEST_TIMEOUT_MS = 5_000;
/** The contract's cap on SCOs kept per record (docs/legacy-api.md); items beyond it are not listed. */
export const MAX_ITEMS = SCORM_DATA_LIMITS.items;
const MAX_DEPTH = 8;

/** Elements that may repeat: always read as lists. */
const ARRAYS = new Set([
  ...["organization", "item", "resource", "objective", "sequencing", "file", "mapinfo"],
  ...["preconditionrule", "exitconditionrule", "postconditionrule", "rulecondition", "rolluprule", "rollupcondition"],
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: 64,
  // SCORM 1.2 exports disagree on case (masteryscore, dataFromLMS): names are compared in lower case.
  transformTagName: (name) => name.toLowerCase(),
  transformAttributeName: (name) => name.toLowerCase(),
  isArray: (name) => ARRAYS.has(name),
});

/** 2004 (schemaversion "2004 …" or "CAM 1.3") or else 1.2. */
export function versionOf(schemaVersion: string): ScormVersion {
  return /2004|cam\s*1\.3|^1\.3/.test(schemaVersion.toLowerCase()) ? "2004" : "1.2";
}

const decimal = (value: string) => (/^-?\d+(\.\d+)?$/.test(value) ? value : "");

/** A launch address inside the package's folder, with the item's parameters (CAM 3.4.1.6), or null. */
function launchOf(href: string, bases: string[], parameters: string, manifest: URL): string | null {
  if (!href) return null;
  const folder = new URL("./", manifest);
  let url: URL;
  try {
    url = bases.reduce((base, next) => (next ? new URL(next, base) : base), folder);
    url = new URL(href, url);
  } catch {
    return null;
  }
  if (url.origin !== folder.origin || !url.pathname.startsWith(folder.pathname) || url.pathname.includes("/../")) return null;
  const extra = parameters.replace(/^[?&]/, "");
  if (extra.startsWith("#")) {
    if (!url.hash) url.hash = extra;
  } else if (extra) {
    url.search = url.search ? `${url.search}&${extra}` : `?${extra}`;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** An item's imsss:sequencing, its own or the collection's one it refers to (IDRef). */
function sequencingOf(item: Node, collection: Map<string, Node>): Node | null {
  const own = first(item.sequencing);
  const ref = own ? text(own["@idref"]) : "";
  const shared = ref ? (collection.get(ref) ?? null) : null;
  return own || shared ? { ...shared, ...own } : null;
}

/** The CMI values the manifest gives an item, under the version's names. */
function itemCmi(
  version: ScormVersion,
  item: Node,
  sequencing: Node | null,
): { cmi: Record<string, string>; objectives: string[] } {
  const cmi: Record<string, string> = {};
  const set = (key: string, value: string) => {
    if (value) cmi[key] = value;
  };
  const launchData = text(item.datafromlms);
  if (version === "1.2") {
    set("cmi.student_data.mastery_score", decimal(text(item.masteryscore)));
    set("cmi.launch_data", launchData);
    set("cmi.student_data.max_time_allowed", text(item.maxtimeallowed));
    set("cmi.student_data.time_limit_action", text(item.timelimitaction).toLowerCase());
    return { cmi, objectives: [] };
  }
  set("cmi.launch_data", launchData);
  set("cmi.time_limit_action", text(item.timelimitaction).toLowerCase());
  const threshold = first(item.completionthreshold);
  // 4th edition: minProgressMeasure, used when completedByMeasure is true; 3rd edition: the element's text.
  if (threshold && "@completedbymeasure" in threshold) {
    if (text(threshold["@completedbymeasure"]) === "true") {
      set("cmi.completion_threshold", decimal(text(threshold["@minprogressmeasure"])) || "1");
    }
  } else {
    set("cmi.completion_threshold", decimal(text(item.completionthreshold)));
  }
  const limits = first(sequencing?.limitconditions);
  set("cmi.max_time_allowed", limits ? text(limits["@attemptabsolutedurationlimit"]) : "");
  const declared = first(sequencing?.objectives);
  const primary = first(declared?.primaryobjective);
  if (primary && text(primary["@satisfiedbymeasure"]) === "true") {
    set("cmi.scaled_passing_score", decimal(text(primary.minnormalizedmeasure)) || "1");
  }
  const objectives = [primary, ...nodes(declared?.objective)]
    .map((objective) => (objective ? text(objective["@objectiveid"]) : ""))
    .filter((id, index, all) => id !== "" && all.indexOf(id) === index);
  return { cmi, objectives };
}

/** Nodes by an attribute's value, the first of each value kept (as a search in document order would find it). */
function byIdentifier(list: Node[], attribute: string): Map<string, Node> {
  const found = new Map<string, Node>();
  for (const node of list) {
    const key = text(node[attribute]);
    if (key && !found.has(key)) found.set(key, node);
  }
  return found;
}

/** The <manifest> element of a manifest's text: null past MAX_MANIFEST_BYTES or when it is none. */
function manifestRoot(xml: string): Node | null {
  if (xml.length > MAX_MANIFEST_BYTES) return null;
  try {
    return first((parser.parse(xml) as Node).manifest);
  } catch {
    return null;
  }
}

/** Reads a manifest's text; null when it is not a manifest this player can use. */
export function parseManifest(xml: string, manifestPath: string): ScormPackage | null {
  const root = manifestRoot(xml);
  if (!root) return null;
  const manifest = new URL(manifestPath, "http://package.invalid/");
  const version = versionOf(text(first(root.metadata)?.schemaversion));
  const organizations = first(root.organizations);
  const all = nodes(organizations?.organization);
  const wanted = text(organizations?.["@default"]);
  const organization = all.find((candidate) => text(candidate["@identifier"]) === wanted) ?? all[0];
  if (!organization) return null;
  const resourcesNode = first(root.resources);
  // Looked up by identifier once: a crafted manifest may hold tens of thousands of them.
  const resources = byIdentifier(nodes(resourcesNode?.resource), "@identifier");
  const collection = byIdentifier(nodes(first(root.sequencingcollection)?.sequencing), "@id");
  const bases = [text(root["@base"]), text(resourcesNode?.["@base"])];
  const items: ScormItem[] = [];
  let sequenced = version === "2004" && declaresSequencing(sequencingOf(organization, collection));
  // The items in order, and the sequencing tree of the ones listed (2004).
  const visit = (children: unknown, depth: number): SequencingActivity[] => {
    const activities: SequencingActivity[] = [];
    for (const item of nodes(children)) {
      if (items.length >= MAX_ITEMS || depth > MAX_DEPTH) break;
      if (text(item["@isvisible"]) === "false" && !item.item) continue;
      const id = text(item["@identifier"]).slice(0, 255);
      if (!id || items.some((existing) => existing.id === id)) continue;
      const resource = resources.get(text(item["@identifierref"]));
      const launch = resource
        ? launchOf(text(resource["@href"]), [...bases, text(resource["@base"])], text(item["@parameters"]), manifest)
        : null;
      const type = text(resource?.["@scormtype"]).toLowerCase();
      const sequencing = sequencingOf(item, collection);
      sequenced ||= version === "2004" && declaresSequencing(sequencing);
      const { cmi, objectives } = itemCmi(version, item, sequencing);
      const title = text(item.title) || id;
      items.push({ id, title, depth, launch: item.item ? null : launch, sco: type !== "asset", cmi, objectives });
      const nested = item.item ? visit(item.item, depth + 1) : null;
      activities.push(sequencingActivity(id, title, sequencing, nested));
    }
    return activities;
  };
  const tree = visit(organization.item, 0);
  if (!items.some((item) => item.launch)) return null;
  const title = text(organization.title);
  const organizationActivity = sequencingActivity(
    text(organization["@identifier"]) || "organization",
    title,
    sequencingOf(organization, collection),
    tree,
  );
  return { version, title, items, ...(sequenced ? { sequencing: organizationActivity } : {}) };
}

/** Every file a package's resources list (CAM 3.4.1.16), inside its folder: what saving it for offline use fetches. */
export const MAX_PACKAGE_FILES = 5_000;

export function packageFiles(xml: string, manifestPath: string): string[] | null {
  const root = manifestRoot(xml);
  if (!root) return null;
  const manifest = new URL(manifestPath, "http://package.invalid/");
  const resourcesNode = first(root.resources);
  const bases = [text(root["@base"]), text(resourcesNode?.["@base"])];
  const files = new Set([manifest.pathname]);
  for (const resource of nodes(resourcesNode?.resource)) {
    const resourceBases = [...bases, text(resource["@base"])];
    for (const href of [text(resource["@href"]), ...nodes(resource.file).map((file) => text(file["@href"]))]) {
      const address = launchOf(href, resourceBases, "", manifest);
      if (address) files.add(address.replace(/[?#].*$/, ""));
      if (files.size >= MAX_PACKAGE_FILES) return [...files];
    }
  }
  return [...files];
}

/**
 * A manifest that is there but cannot be played (issue #27): too large, not XML, or no organisation
 * with anything to launch. The player says so with a reference code and records nothing.
 */
export class ManifestBroken extends Error {
  constructor(readonly reason: "too large" | "not a manifest" | "nothing to launch") {
    super(`SCORM manifest unusable: ${reason}`);
  }
}

/**
 * The manifest's text at a `/files/` address, fetched from the files host on the server's kept
 * connections (`upstream`, decision 073); null when there is none to read. A redirect is not
 * followed: the files host answers for its files where they are, so one counts as not answering.
 */
async function readManifestText(manifestPath: string, signal?: AbortSignal): Promise<string | null> {
  let splat: string;
  try {
    splat = decodeURIComponent(new URL(manifestPath, "http://package.invalid/").pathname.replace(/^\/files\//, ""));
  } catch {
    return null;
  }
  const url = filesHostUrl(splat);
  if (!manifestPath.startsWith("/files/") || !url) return null;
  const deadline = AbortSignal.timeout(MANIFEST_TIMEOUT_MS);
  try {
    const { status, body } = await upstream.send(url.href, {
      method: "GET",
      headers: {},
      signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
    });
    if (status < 200 || status >= 300) {
      await discard(body);
      // A redirect or a server error is no answer; any other refusal means there is no manifest.
      if (status < 400 || status >= 500) throw new ManifestUnreachable();
      return null;
    }
    // TextDecoder drops a byte-order mark, which authoring tools put before the XML declaration.
    return new TextDecoder().decode(await readCapped(body, MAX_MANIFEST_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new ManifestBroken("too large");
    if (error instanceof ManifestBroken) throw error;
    // Not reached (down, slow, 5xx, a redirect; parsing never throws): the player says so rather
    // than play the package without its manifest, whose SCOs' saved data it would not find again.
    throw new ManifestUnreachable();
  }
}

/**
 * Every learner who opens a package reads the same manifest: each distinct text is parsed once,
 * keyed by its address and content (a package replaced is a new key), in a cache bounded by its
 * characters (a manifest over a tenth of it is parsed every time, never kept). The packages are
 * frozen, as every request shares them.
 */
const MAX_CACHED_CHARS = 4_000_000;
const parsed = new LRUCache<string, ScormPackage>({
  maxSize: MAX_CACHED_CHARS,
  maxEntrySize: MAX_CACHED_CHARS / 10,
  sizeCalculation: (pack, key) => key.length + JSON.stringify(pack).length,
});

/**
 * The manifest at a `/files/` address, fetched from the files host; null when there is none (the
 * launch file then plays alone). Throws ManifestBroken when it is there but unusable, and
 * ManifestUnreachable when the files host did not answer.
 */
export async function readScormPackage(manifestPath: string, signal?: AbortSignal): Promise<ScormPackage | null> {
  const xml = await readManifestText(manifestPath, signal);
  if (xml === null) return null;
  const key = `${manifestPath}\n${xml}`;
  const known = parsed.get(key);
  if (known) return known;
  const read = parseManifest(xml, manifestPath);
  if (!read) throw new ManifestBroken(manifestRoot(xml) ? "nothing to launch" : "not a manifest");
  parsed.set(key, deepFreeze(read));
  return read;
}

/** Whether the files host answers that a package's launch file is not there (404 or 410); false when unsure. */
export async function launchFileMissing(launch: string, signal?: AbortSignal): Promise<boolean> {
  let url: URL | null;
  try {
    const path = new URL(launch, "http://package.invalid/").pathname;
    url = path.startsWith("/files/") ? filesHostUrl(decodeURIComponent(path.replace(/^\/files\//, ""))) : null;
  } catch {
    return false;
  }
  if (!url) return false;
  const deadline = AbortSignal.timeout(MANIFEST_TIMEOUT_MS);
  try {
    const { status } = await upstream.send(url.href, {
      method: "HEAD",
      headers: {},
      signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
    });
    return status === 404 || status === 410;
  } catch {
    return false;
  }
}

/** The files of the package whose manifest is at a `/files/` address; null when it cannot be read. */
export async function readPackageFiles(manifestPath: string, signal?: AbortSignal): Promise<string[] | null> {
  try {
    const xml = await readManifestText(manifestPath, signal);
    return xml === null ? null : packageFiles(xml, manifestPath);
  } catch (error) {
    if (error instanceof ManifestBroken) return null;
    throw error;
  }
}

/** The files host did not answer for the manifest: the package cannot be played right now. */
export class ManifestUnreachable extends Error {
  constructor() {
    super("the package's manifest could not be fetched");
  }
}
