import { z } from "zod/v4";
import { cachedLegacyRequest, type LegacyContext, legacyRequest } from "./request.server";
import { fullPath, id, namedSchema } from "./schemas/common.server";
import { listedActivitySchema } from "./schemas/training.server";

const TEN_MINUTES = 10 * 60 * 1000;

/** A catalogue's reply: the list under `key`. */
const listUnder = <T>(key: string, item: z.ZodType<T, unknown>) =>
  z.object({ [key]: z.array(item) }).transform((reply) => reply[key] as T[]);

function catalogue<T>(ctx: LegacyContext, path: string, schema: z.ZodType<T[], unknown>) {
  return cachedLegacyRequest(ctx, `${path}:${ctx.locale}`, TEN_MINUTES, { method: "GET", path, schema });
}

const workPositionsReply = listUnder("work_positions", namedSchema);
const universitiesReply = listUnder(
  "universities",
  z
    .object({ id, name: z.string(), acronym: z.string().nullish() })
    .passthrough()
    .transform((u) => ({ id: u.id, name: u.name, acronym: u.acronym ?? "" })),
);

/** Public catalogues: cached per process (DESIGN.md); the token only authorises the call. */
export const getWorkPositions = (ctx: LegacyContext) => catalogue(ctx, "/general/work_positions", workPositionsReply);

export const getUniversities = (ctx: LegacyContext) => catalogue(ctx, "/general/universities", universitiesReply);

const choiceSchema = z
  .object({
    id,
    name: z.string().nullish(),
    label: z.string().nullish(),
    media_cover: z.object({ full_path: z.string().nullish() }).passthrough().nullish(),
    selected: z.unknown().optional(),
  })
  .passthrough()
  .transform((choice) => ({
    id: choice.id,
    name: choice.name ?? choice.label ?? "",
    coverUrl: fullPath(choice.media_cover),
    selected: choice.selected === true || choice.selected === 1 || choice.selected === "1",
  }));

const trainingTopicsReply = z.object({ training_topics: z.array(choiceSchema) }).transform((reply) => reply.training_topics);

/** `GET /general/training_topics`: topics of interest with the user's selection (not cached). */
export function getTrainingTopics(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/general/training_topics",
    schema: trainingTopicsReply,
  });
}

const trainingTypeContentsReply = z
  .object({ training_type_contents: z.array(choiceSchema) })
  .transform((reply) => reply.training_type_contents);

/** `GET /general/training_type_contents`: content types with the user's selection. */
export function getTrainingTypeContents(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/general/training_type_contents",
    schema: trainingTypeContentsReply,
  });
}

const listedActivities = z
  .array(listedActivitySchema)
  .nullish()
  .transform((items) => items ?? []);
const homeActivitiesReply = z
  .object({
    activities_recent: listedActivities,
    activities_views: listedActivities,
    activities_recommendations: listedActivities,
  })
  .transform((reply) => ({
    recent: reply.activities_recent,
    mostViewed: reply.activities_views,
    sharedByLeaders: reply.activities_recommendations,
  }));

/** `GET /general/home_activities`: recent, most viewed and shared by leaders. */
export function getHomeActivities(ctx: LegacyContext) {
  return legacyRequest(ctx, { method: "GET", path: "/general/home_activities", schema: homeActivitiesReply });
}

/** The most digits a VR PIN may have; a longer one (or none) is an unreadable reply, not a PIN to draw. */
export const MAX_PIN_DIGITS = 16;

const vrPinReply = z
  .object({ pin: z.union([z.array(z.union([z.number(), z.string()])), z.string(), z.number()]) })
  .transform((reply) =>
    (Array.isArray(reply.pin) ? reply.pin.join("") : String(reply.pin)).replace(/\D/g, "").split("").map(Number),
  )
  .refine((digits) => digits.length > 0 && digits.length <= MAX_PIN_DIGITS);

/** `GET /general/pin_vr`: the digits of the VR PIN. */
export function getVrPin(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/general/pin_vr",
    schema: vrPinReply,
  });
}
