import { z } from "zod";
import { MAX_UPLOAD_BYTES } from "../upload-rules";
import { choice, isCalendarDate, message, requiredText } from "../validation";
import { certificateTypes, FILE_TOO_LARGE, LANGUAGE_LEVELS, LANGUAGE_OPTIONS } from "./options";

/** The onboarding forms of spec §5: certification, topics and content types, profile. */

/** `optional|string|min:a|max:b`: empty is fine, anything typed follows the bounds. */
function optionalText(min: number, max: number) {
  return z
    .string({ invalid_type_error: message.invalid })
    .min(min, message.minChars(min))
    .max(max, message.maxChars(max))
    .optional();
}

/** A real calendar day as `YYYY-MM-DD` (what a date input sends). */
const isoDate = z
  .string({ required_error: message.required, invalid_type_error: message.invalid })
  .refine(isCalendarDate, message.invalid);

export const certificationSchema = z.object({
  certificate: requiredText(2, 512),
  certificate_type: choice(certificateTypes),
  institution: requiredText(2, 512),
  expedition_date: isoDate,
  credential_id: optionalText(2, 64),
  credential_url: optionalText(2, 256),
  /** An empty file input sends a nameless, empty part: no file. */
  file_certificate: z.preprocess(
    (value) => (value instanceof File && value.size === 0 && value.name === "" ? undefined : value),
    z
      .instanceof(File, { message: message.invalid })
      .refine((file) => file.size <= MAX_UPLOAD_BYTES, FILE_TOO_LARGE)
      .optional(),
  ),
});

/** Topics or content types: at least one catalogue id. */
export const choicesSchema = z.object({
  ids: z
    .array(z.number({ invalid_type_error: message.invalid }).int(message.invalid).min(1, message.minValue(1)), {
      required_error: message.required,
    })
    .min(1, message.required),
});

const optionalId = z.number({ invalid_type_error: message.invalid }).int(message.invalid).min(1, message.minValue(1)).optional();

export const profileSchema = z.object({
  full_name: requiredText(2, 512),
  nickname: requiredText(2, 512),
  work_position_id: optionalId,
  university_id: optionalId,
  university: requiredText(2, 150),
  acronym: requiredText(2, 150),
  degree: requiredText(2, 150),
  /** One row per language; a row without a level is left out. */
  languages: z
    .array(z.object({ language: choice(LANGUAGE_OPTIONS), level: choice(LANGUAGE_LEVELS).optional() }))
    .optional()
    .transform((rows) => (rows ?? []).flatMap((row) => (row.level ? [{ language: row.language, level: row.level }] : []))),
});
