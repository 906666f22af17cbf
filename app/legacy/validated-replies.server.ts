import { hash } from "node:crypto";
import { deepFreeze } from "deep-freeze-es6";
import { LRUCache } from "lru-cache";
import type { z } from "zod/v4";
import { cacheLookups } from "~/infra/metrics.server";

/**
 * Replies already parsed and validated, by schema and by the SHA-256 of their body (decision 048).
 * A learner's pages ask for the same replies again and again (points, progress, routes), and
 * parsing and validating them again was about a tenth of a page's CPU; hashing a body costs a
 * small fraction of that. The body's bytes are hashed as they came: a known one is never decoded.
 * The value is the same object for every request that gets the same body, so it is frozen, all the
 * way down: code that changed it would throw rather than change another learner's page.
 */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

const replies = new LRUCache<string, { data: unknown }>({ maxSize: MAX_BODY_BYTES });
const schemaIds = new WeakMap<object, number>();
let schemas = 0;

function schemaId(schema: object) {
  let id = schemaIds.get(schema);
  if (id === undefined) {
    id = ++schemas;
    schemaIds.set(schema, id);
  }
  return id;
}

export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type Validated<T> = { success: true; data: T } | { success: false; error: z.ZodError };

/** `body` (UTF-8) parsed as JSON (undefined when it is not) and validated by `schema`, once per body. */
export function validateReply<T>(schema: z.ZodType<T, unknown>, body: Buffer): Validated<T> {
  const key = `${schemaId(schema)}:${hash("sha256", body, "base64")}`;
  const known = replies.get(key);
  cacheLookups.inc({ cache: "validated_reply", result: known ? "hit" : "miss" });
  if (known) return { success: true, data: known.data as T };
  const parsed = schema.safeParse(parseJson(body.toString("utf8")));
  if (!parsed.success) return { success: false, error: parsed.error };
  // Shared by every later request, so frozen; an empty body (undefined) or null has nothing to freeze.
  const data = parsed.data === undefined || parsed.data === null ? parsed.data : deepFreeze(parsed.data);
  replies.set(key, { data }, { size: Math.max(1, body.length) });
  return { success: true, data: parsed.data };
}
