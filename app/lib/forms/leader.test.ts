import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { MATERIAL_LINK_MAX, materialSchema, teamMemberSchema, teamSearchSchema } from "./leader";

/** The first error of each field: the one the page shows (spec §5). */
function errorsOf(schema: typeof materialSchema | typeof teamMemberSchema, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const submission = parseWithZod(form, { schema });
  if (submission.status === "success") return {};
  return Object.fromEntries(Object.entries(submission.error ?? {}).map(([name, errors]) => [name, errors?.slice(0, 1)]));
}

describe("material (title, date 2-64; link 2-2,048; type 1-4; comments optional 2-64)", () => {
  const valid = { title: "Ab", type: "1", link: "http://a.b", date: "2026-11-23", comments: "Ok" };
  const url = (length: number) => `https://example.com/${"x".repeat(length - "https://example.com/".length)}`;

  it("accepts the lower and upper boundaries", () => {
    expect(errorsOf(materialSchema, valid)).toEqual({});
    expect(
      errorsOf(materialSchema, {
        title: "t".repeat(64),
        type: "4",
        link: url(MATERIAL_LINK_MAX),
        date: "2026-02-28",
        comments: "c".repeat(64),
      }),
    ).toEqual({});
  });

  it("treats comments as optional", () => {
    const { comments: _comments, ...withoutComments } = valid;
    expect(errorsOf(materialSchema, withoutComments)).toEqual({});
    expect(errorsOf(materialSchema, { ...valid, comments: "" })).toEqual({});
  });

  it("refuses one past each boundary with the spec's rule", () => {
    expect(errorsOf(materialSchema, { title: "t", type: "0", link: "h", date: "2", comments: "c" })).toEqual({
      title: ["minChars:2"],
      type: ["minValue:1"],
      link: ["minChars:2"],
      date: ["minChars:2"],
      comments: ["minChars:2"],
    });
    expect(
      errorsOf(materialSchema, {
        title: "t".repeat(65),
        type: "5",
        link: url(MATERIAL_LINK_MAX + 1),
        date: "2".repeat(65),
        comments: "c".repeat(65),
      }),
    ).toEqual({
      title: ["maxChars:64"],
      type: ["maxValue:4"],
      link: ["maxChars:2048"],
      date: ["maxChars:64"],
      comments: ["maxChars:64"],
    });
  });

  it("requires title, type, link and date", () => {
    expect(errorsOf(materialSchema, {})).toEqual({
      title: ["required"],
      type: ["required"],
      link: ["required"],
      date: ["required"],
    });
  });

  it("wants a whole type, an http(s) link and a real day", () => {
    expect(errorsOf(materialSchema, { ...valid, type: "2.5", link: "ftp://a.b", date: "2026-02-30" })).toEqual({
      type: ["invalid"],
      link: ["invalid"],
      date: ["invalid"],
    });
    expect(errorsOf(materialSchema, { ...valid, type: "Video", link: "https:// spaced", date: "23/11/2026" })).toEqual({
      type: ["invalid"],
      link: ["invalid"],
      date: ["invalid"],
    });
  });
});

describe("team member (user_id ≥ 1)", () => {
  it("accepts 1 and refuses 0, text and nothing", () => {
    expect(errorsOf(teamMemberSchema, { user_id: "1" })).toEqual({});
    expect(errorsOf(teamMemberSchema, { user_id: "0" })).toEqual({ user_id: ["minValue:1"] });
    expect(errorsOf(teamMemberSchema, { user_id: "x" })).toEqual({ user_id: ["invalid"] });
    expect(errorsOf(teamMemberSchema, {})).toEqual({ user_id: ["required"] });
  });
});

describe("team search (code trimmed, at most 64)", () => {
  it("takes 64 characters and refuses 65 with the length message, never blanking it", () => {
    expect(teamSearchSchema.parse({ code: ` ${"1".repeat(64)} ` })).toEqual({ code: "1".repeat(64) });
    expect(teamSearchSchema.parse({ code: "" })).toEqual({ code: "" });
    const tooLong = teamSearchSchema.safeParse({ code: "1".repeat(65) });
    expect(tooLong.success ? null : tooLong.error.issues.map((issue) => issue.message)).toEqual(["maxChars:64"]);
  });
});
