import type { HttpHandler } from "msw";
import { json, readBody, routes, type UserCall } from "../http";
import { t } from "../i18n";
import { MAX_UPLOAD_BYTES, sniff, storeUpload } from "../storage";
import type { MockContext } from "../store";
import type { Locale, MockState, UniversityChoice } from "../types";
import { file, list, optionalInt, rejectField, text, validate } from "../validation";
import { userView } from "../views";
import { parseUserLanguages } from "./languages";

interface UniversityInput {
  name: string;
  acronym: string;
  degree: string;
  /** A catalogue id when the form sent one; otherwise the name or acronym is looked up. */
  id: number | null;
}

function universityChoice(state: MockState, input: UniversityInput): UniversityChoice {
  const { universities } = state.catalogue;
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const known =
    input.id === null
      ? universities.find((item) => same(item.name, input.name) || same(item.acronym, input.acronym))
      : universities.find((item) => item.id === input.id);
  return {
    university_id: known?.id ?? null,
    university_name: input.name,
    university_acronym: input.acronym,
    degree: input.degree,
  };
}

function idsFromList(locale: Locale, field: string, values: unknown[], known: Array<{ id: number }>): number[] {
  const ids = values.map(Number);
  if (ids.some((id) => !known.some((item) => item.id === id))) rejectField(locale, field, t(locale, "invalid"));
  return [...new Set(ids)];
}

/** An onboarding choice: a JSON list of at least one catalogue id. */
async function chosenIds(call: UserCall, field: string, known: Array<{ id: number }>): Promise<number[]> {
  const input = validate(await readBody(call), { [field]: "required|array" }, call.locale);
  const values = list(input[field]);
  if (values.length === 0) rejectField(call.locale, field, t(call.locale, "required"));
  return idsFromList(call.locale, field, values, known);
}

/** Reads the `file` part, checks its size and magic bytes, and keeps it as an upload. */
async function uploadedPhoto(call: UserCall) {
  const input = validate(await readBody(call), { file: "required|file" }, call.locale);
  const photo = file(input.file);
  if (!photo) return rejectField(call.locale, "file", t(call.locale, "required"));
  if (photo.size > MAX_UPLOAD_BYTES) rejectField(call.locale, "file", t(call.locale, "fileTooLarge", { n: 4 }));
  const bytes = new Uint8Array(await photo.arrayBuffer());
  const type = sniff(bytes);
  if (type !== "image/png" && type !== "image/jpeg") {
    return rejectField(call.locale, "file", t(call.locale, "imageType"));
  }
  return storeUpload(call.state, bytes, type);
}

/** The signed-in user's profile: read it, edit it, change the photo, set the university. */
export function userHandlers(ctx: MockContext): HttpHandler[] {
  const { get, post } = routes(ctx);
  const profile = (call: UserCall) => json({ user: userView(ctx, call.user) });

  return [
    get("/get_user_info", profile),
    get("/user/profile_info", profile),

    post("/user/profile_change_photo", async (call) => {
      call.user.photo = { file: await uploadedPhoto(call), validate: null };
      return json({ success: true, message: t(call.locale, "photoUploaded"), user: userView(ctx, call.user) });
    }),

    post("/user/profile_update_data", async (call) => {
      const { locale, state, user } = call;
      const input = validate(
        await readBody(call),
        {
          full_name: "required|string|min:2|max:512",
          nickname: "required|string|min:2|max:512",
          work_position_id: "nullable|integer|min:1",
          university_id: "nullable|integer|min:1",
          university: "required|string|min:2|max:150",
          acronym: "required|string|min:2|max:150",
          degree: "required|string|min:2|max:150",
          languages: "nullable|array",
        },
        locale,
      );
      const positionId = optionalInt(input.work_position_id);
      if (positionId !== null && !state.catalogue.work_positions.some((item) => item.id === positionId)) {
        rejectField(locale, "work_position_id", t(locale, "invalid"));
      }
      const universityId = optionalInt(input.university_id);
      if (universityId !== null && !state.catalogue.universities.some((item) => item.id === universityId)) {
        rejectField(locale, "university_id", t(locale, "invalid"));
      }
      user.full_name = text(input.full_name);
      user.nickname = text(input.nickname);
      user.work_position_id = positionId ?? user.work_position_id;
      user.university = universityChoice(state, {
        name: text(input.university),
        acronym: text(input.acronym),
        degree: text(input.degree),
        id: universityId,
      });
      if (input.languages !== undefined) user.languages = parseUserLanguages(state, locale, list(input.languages));
      return json({ success: true, message: t(locale, "dataSaved"), user: userView(ctx, user) });
    }),

    // Extension: the onboarding steps save topics and content types on their own (the spec's
    // profile form would require the education fields a new user has not given yet).
    post("/user/training_topics", async (call) => {
      call.user.topic_ids = await chosenIds(call, "training_topics", call.state.catalogue.training_topics);
      return json({ success: true, message: t(call.locale, "dataSaved"), user: userView(ctx, call.user) });
    }),

    post("/user/training_type_contents", async (call) => {
      call.user.content_type_ids = await chosenIds(call, "training_type_contents", call.state.catalogue.training_type_contents);
      return json({ success: true, message: t(call.locale, "dataSaved"), user: userView(ctx, call.user) });
    }),

    post("/user/university", async (call) => {
      const input = validate(
        await readBody(call),
        {
          degree: "required|string|min:3|max:128",
          university: "required|string|min:1|max:128",
          acronym: "required|string|min:1|max:32",
        },
        call.locale,
      );
      call.user.university = universityChoice(call.state, {
        name: text(input.university),
        acronym: text(input.acronym),
        degree: text(input.degree),
        id: null,
      });
      return json({ success: true, message: t(call.locale, "itemAdded"), user: userView(ctx, call.user) });
    }),
  ];
}
