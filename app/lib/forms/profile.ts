import { z } from "zod";
import { choice, message, requiredText } from "../validation";
import { LANGUAGE_LEVELS, LANGUAGE_OPTIONS } from "./options";

/** The profile forms of spec §5: education and languages. */
export const educationSchema = z.object({
  degree: requiredText(3, 128),
  university: requiredText(1, 128),
  // The spec sets only the minimum; 32 is the legacy API's own limit (docs/legacy-api.md).
  acronym: requiredText(1, 32),
});

const languageRow = z.object({
  language: choice(LANGUAGE_OPTIONS),
  level: choice(LANGUAGE_LEVELS),
});

/** A row per language, at most one per option; no rows clears the list (`[]`). */
export const languagesSchema = z.object({
  languages: z
    .array(languageRow)
    .max(LANGUAGE_OPTIONS.length, message.maxValue(LANGUAGE_OPTIONS.length))
    .superRefine((rows, ctx) => {
      rows.forEach((row, index) => {
        if (rows.findIndex((other) => other.language === row.language) !== index) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: message.invalid, path: [index, "language"] });
        }
      });
    }),
});
