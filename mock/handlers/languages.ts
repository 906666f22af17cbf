import type { HttpHandler } from "msw";
import { json, readBody, routes } from "../http";
import { t } from "../i18n";
import type { MockContext } from "../store";
import type { LanguageRecord, Locale, MockState, UserLanguageRecord } from "../types";
import { list, rejectField, validate } from "../validation";
import { userView } from "../views";

function matchLanguage(languages: LanguageRecord[], value: unknown): LanguageRecord | undefined {
  const wanted = String(value ?? "")
    .trim()
    .toLowerCase();
  return languages.find(
    (language) =>
      String(language.id) === wanted ||
      language.iso_code === wanted ||
      [language.name.es, language.name.en, language.native_name].some((name) => name.toLowerCase() === wanted),
  );
}

/**
 * The `languages` field: JSON text (or an array) of `{language, level}` rows, where `language` is
 * a language id, ISO code or name and `level` one of the proficiency levels. At most one row per
 * language. Throws the 422 reply on the `languages` field.
 */
export function parseUserLanguages(state: MockState, locale: Locale, rows: unknown[]): UserLanguageRecord[] {
  const { languages, proficiency_levels: levels } = state.catalogue;
  const invalid = () => rejectField(locale, "languages", t(locale, "invalid"));
  if (rows.length > languages.length) invalid();
  const parsed = rows.map((row) => {
    if (!row || typeof row !== "object") return invalid();
    const { language, level } = row as Record<string, unknown>;
    const match = matchLanguage(languages, language);
    const proficiency = levels.find(
      (item) =>
        item.toLowerCase() ===
        String(level ?? "")
          .trim()
          .toLowerCase(),
    );
    if (!match || !proficiency) return invalid();
    return { language_id: match.id, proficiency };
  });
  if (new Set(parsed.map((row) => row.language_id)).size !== parsed.length) {
    rejectField(locale, "languages", t(locale, "duplicated"));
  }
  return parsed;
}

/** The interface languages (public, cheap: also the BFF's readiness probe) and the user's languages. */
export function languageHandlers(ctx: MockContext): HttpHandler[] {
  const { publicGet, post } = routes(ctx);
  return [
    publicGet("/languages/all", (call) =>
      json({
        languages: call.state.catalogue.languages.map((language) => ({
          id: language.id,
          name: language.name[call.locale],
          native_name: language.native_name,
          iso_code: language.iso_code,
          default_language: language.default_language,
        })),
      }),
    ),

    post("/user/languages", async (call) => {
      const input = validate(await readBody(call), { languages: "required|array" }, call.locale);
      call.user.languages = parseUserLanguages(call.state, call.locale, list(input.languages));
      return json({ success: true, message: t(call.locale, "itemsAdded"), user: userView(ctx, call.user) });
    }),
  ];
}
