import type { SubmissionResult } from "@conform-to/react";
import type { TFunction } from "./i18n/translator";
import { LegacyError } from "./legacy/request.server";

/**
 * Turns a legacy failure into a conform reply (spec §8): field `errors` under their fields, the
 * server's message for 401/402, the generic 'Ups algo salio mal' for anything unreadable.
 */
export function legacyErrorReply<T>(
  error: unknown,
  reply: (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => SubmissionResult<T>,
  t: TFunction,
  options: { fields?: Record<string, string>; hideFields?: string[] } = {},
): SubmissionResult<T> {
  if (!(error instanceof LegacyError)) throw error;
  const generic = t("errors.generic");
  if (error.kind === "invalid") {
    const fieldErrors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const name = options.fields?.[field] ?? field;
      fieldErrors[name] = messages;
    }
    const known = Object.keys(fieldErrors).length > 0;
    return reply({
      fieldErrors,
      formErrors: known ? [] : [error.serverMessage || generic],
      hideFields: options.hideFields,
    });
  }
  const message = error.kind === "unavailable" ? generic : error.serverMessage || generic;
  return reply({ formErrors: [message], hideFields: options.hideFields });
}
