import { z } from "zod/v4";
import { cachedLegacyRequest, type LegacyContext } from "./request.server";
import { id } from "./schemas/common.server";

const languageSchema = z
  .object({
    id,
    name: z.string(),
    native_name: z.string().nullish(),
    iso_code: z.string(),
    default_language: z.union([z.boolean(), z.number()]).nullish(),
  })
  .transform((language) => ({
    id: language.id,
    name: language.name,
    nativeName: language.native_name ?? language.name,
    isoCode: language.iso_code,
    isDefault: Boolean(language.default_language),
  }));

export type Language = z.output<typeof languageSchema>;

const TEN_MINUTES = 10 * 60 * 1000;

const languagesReply = z.object({ languages: z.array(languageSchema) }).transform((reply) => reply.languages);

/** `GET /languages/all`: the languages the interface can switch to (a public catalogue, cached). */
export function getLanguages(ctx: LegacyContext) {
  return cachedLegacyRequest({ locale: ctx.locale }, `languages:${ctx.locale}`, TEN_MINUTES, {
    method: "GET",
    path: "/languages/all",
    schema: languagesReply,
  });
}
