/**
 * Reading the nodes fast-xml-parser makes of a manifest (scorm-manifest.server.ts): elements and
 * attributes by lower-case name without their namespace prefix, text decoded and capped.
 */
export type Node = Record<string, unknown>;

const MAX_TEXT = 64_000;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** XML's own character references, the only ones a manifest may use (no DTD is read). */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);
export const nodes = (value: unknown): Node[] => (Array.isArray(value) ? value : [value]).filter(isNode);
export const first = (value: unknown): Node | null => nodes(value)[0] ?? null;

/** An element's text (or an attribute's value), decoded and trimmed; "" when absent. */
export function text(value: unknown): string {
  const raw = isNode(value) ? value["#text"] : Array.isArray(value) ? value[0] : value;
  return typeof raw === "string" || typeof raw === "number" ? decode(String(raw)).trim().slice(0, MAX_TEXT) : "";
}
