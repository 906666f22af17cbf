import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { educationSchema, languagesSchema } from "./profile";

function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const submission = parseWithZod(form, { schema });
  return submission.status === "success" ? {} : submission.error;
}

describe("education (degree 3-128, university 1-128, acronym 1-32)", () => {
  it("accepts the lower and upper boundaries", () => {
    expect(errorsOf(educationSchema, { degree: "abc", university: "U", acronym: "U" })).toEqual({});
    expect(errorsOf(educationSchema, { degree: "d".repeat(128), university: "u".repeat(128), acronym: "a".repeat(32) })).toEqual(
      {},
    );
  });

  it("refuses one past each boundary with the spec's rule", () => {
    expect(errorsOf(educationSchema, { degree: "ab", university: "u".repeat(129), acronym: "a".repeat(33) })).toEqual({
      degree: ["minChars:3"],
      university: ["maxChars:128"],
      acronym: ["maxChars:32"],
    });
    expect(errorsOf(educationSchema, { degree: "d".repeat(129), university: "U", acronym: "U" })).toEqual({
      degree: ["maxChars:128"],
    });
  });

  it("requires every field (blank counts as missing)", () => {
    expect(errorsOf(educationSchema, { degree: "  ", university: "" })).toEqual({
      degree: ["minChars:3"],
      university: ["required"],
      acronym: ["required"],
    });
  });
});

describe("languages (at most one row per option, levels Básico..Nativo)", () => {
  it("accepts no rows (clears the list), one row and one row per option", () => {
    const none = parseWithZod(new FormData(), { schema: languagesSchema });
    expect(none.status === "success" && none.value.languages).toEqual([]);
    expect(errorsOf(languagesSchema, { "languages[0].language": "es", "languages[0].level": "Nativo" })).toEqual({});
    expect(
      errorsOf(languagesSchema, {
        "languages[0].language": "es",
        "languages[0].level": "Nativo",
        "languages[1].language": "en",
        "languages[1].level": "Básico",
      }),
    ).toEqual({});
  });

  it("refuses a third row, a repeated language, unknown values and empty cells", () => {
    expect(
      errorsOf(languagesSchema, {
        "languages[0].language": "es",
        "languages[0].level": "Nativo",
        "languages[1].language": "en",
        "languages[1].level": "Básico",
        "languages[2].language": "es",
        "languages[2].level": "Experto",
      }),
    ).toMatchObject({ languages: ["maxValue:2"] });
    expect(
      errorsOf(languagesSchema, {
        "languages[0].language": "es",
        "languages[0].level": "Nativo",
        "languages[1].language": "es",
        "languages[1].level": "Básico",
      }),
    ).toEqual({ "languages[1].language": ["invalid"] });
    expect(errorsOf(languagesSchema, { "languages[0].language": "fr", "languages[0].level": "Fluido" })).toEqual({
      "languages[0].language": ["invalid"],
      "languages[0].level": ["invalid"],
    });
    expect(errorsOf(languagesSchema, { "languages[0].language": "", "languages[0].level": "" })).toEqual({
      "languages[0].language": ["required"],
      "languages[0].level": ["required"],
    });
  });
});
