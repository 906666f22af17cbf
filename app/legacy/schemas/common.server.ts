import { z } from "zod/v4";
import { browserMediaUrl } from "~/infra/files-host.server";

/**
 * The building blocks of the entity schemas of spec §3 at the legacy boundary (one file per entity
 * beside this one). They accept the spec's aliases
 * (`work_position`/`workposition`, `seen`/`is_read`, `is_escape_room`/`escape_room`, wrapped
 * `{training_activity}` items) and hand the app one normalised shape.
 */
export const id = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
export const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");
/** Legacy booleans come as `true`, `1`, `"1"` or `"true"`; anything else is false. */
export const legacyTrue = (value: unknown) => value === true || value === 1 || value === "1" || value === "true";
export const flag = z.union([z.boolean(), z.number(), z.string()]).nullish().transform(legacyTrue);
/** A legacy date (ISO or `YYYY-MM-DD HH:MM:SS` text) as ms since the epoch; anything else (a bare flag) is null. */
export const dateMs = (value: unknown): number | null => {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const ms = Date.parse(value.includes("T") ? value : value.replace(" ", "T"));
  return Number.isFinite(ms) ? ms : null;
};
/** A number that may come as text; missing counts as 0. */
export const count = z.coerce
  .number()
  .nullish()
  .transform((value) => value ?? 0);
export const mediaPath = z.object({ full_path: z.string().nullish() }).passthrough().nullish();

/** Replies that only acknowledge (`{success, message}`) hand back the server's message, if any. */
export const messageSchema = z
  .object({ message: z.string().nullish() })
  .passthrough()
  .transform((reply) => reply.message ?? "");

/** A media object's `full_path`, as the browser gets it (browserMediaUrl). */
export const fullPath = (media: { full_path?: string | null } | null | undefined) => browserMediaUrl(media?.full_path);

/** A catalogue row `{id, name}` (work positions, universities, categories…). */
export const namedSchema = z
  .object({ id, name: z.string() })
  .passthrough()
  .transform(({ id, name }) => ({ id, name }));
