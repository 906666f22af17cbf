import { z } from "zod";
import { isCalendarDate, message, requiredInteger, requiredText } from "../validation";
import { materialTypes } from "./options";

/**
 * The leader's forms (spec §3 Material form, §5 Material rules): the spec lists the rules but the
 * old app never enforced them; here the server does, with the same schema in the browser.
 */

/** Real intranet links outgrow the spec's 64 characters: a deviation the legacy API accepts (docs/legacy-api.md). */
export const MATERIAL_LINK_MAX = 2048;

export const materialSchema = z.object({
  title: requiredText(2, 64),
  type: requiredInteger(1, materialTypes.length),
  link: requiredText(2, MATERIAL_LINK_MAX).regex(/^https?:\/\/[^\s/]+\S*$/i, message.invalid),
  date: requiredText(2, 64).refine(isCalendarDate, message.invalid),
  comments: requiredText(2, 64).optional(),
});

export type MaterialForm = z.output<typeof materialSchema>;

/** The team search (spec §5): the exact code, trimmed, at most 64; empty is allowed and finds nobody. */
export const teamSearchSchema = z.object({
  code: z.string({ invalid_type_error: message.invalid }).trim().max(64, message.maxChars(64)),
});

/** Add or remove one person: the legacy user id. */
export const teamMemberSchema = z.object({ user_id: requiredInteger(1) });
