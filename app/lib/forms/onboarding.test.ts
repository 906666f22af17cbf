import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { certificationSchema, choicesSchema, profileSchema } from "./onboarding";

type Schema = Parameters<typeof parseWithZod>[1]["schema"];

function formOf(fields: Record<string, string | string[] | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return form;
}
const errorsOf = (schema: Schema, fields: Record<string, string | string[] | File>) => {
  const submission = parseWithZod(formOf(fields), { schema });
  return submission.status === "success" ? {} : submission.error;
};
const valueOf = (schema: Schema, fields: Record<string, string | string[] | File>) => {
  const submission = parseWithZod(formOf(fields), { schema });
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
};

describe("certification (names 2-512, date, credential id 2-64, url 2-256, optional file)", () => {
  const valid = { certificate: "CI", certificate_type: "CERTIFICATE", institution: "II", expedition_date: "2024-02-29" };

  it("accepts the lower and upper boundaries, with or without the optional fields", () => {
    expect(errorsOf(certificationSchema, valid)).toEqual({});
    expect(
      errorsOf(certificationSchema, {
        certificate: "c".repeat(512),
        certificate_type: "COURSE",
        institution: "i".repeat(512),
        expedition_date: "2023-12-31",
        credential_id: "id",
        credential_url: "u".repeat(256),
      }),
    ).toEqual({});
    expect(errorsOf(certificationSchema, { ...valid, credential_id: "i".repeat(64), credential_url: "ur" })).toEqual({});
  });

  it("refuses one past each boundary with the spec's rule", () => {
    expect(
      errorsOf(certificationSchema, {
        certificate: "c",
        certificate_type: "DIPLOMA",
        institution: "i".repeat(513),
        expedition_date: "2023-02-29",
        credential_id: "i",
        credential_url: "u".repeat(257),
      }),
    ).toEqual({
      certificate: ["minChars:2"],
      certificate_type: ["invalid"],
      institution: ["maxChars:512"],
      expedition_date: ["invalid"],
      credential_id: ["minChars:2"],
      credential_url: ["maxChars:256"],
    });
    expect(
      errorsOf(certificationSchema, {
        ...valid,
        certificate: "c".repeat(513),
        credential_id: "i".repeat(65),
        credential_url: "u",
      }),
    ).toEqual({
      certificate: ["maxChars:512"],
      credential_id: ["maxChars:64"],
      credential_url: ["minChars:2"],
    });
  });

  it("requires the name, type, institution and date", () => {
    expect(errorsOf(certificationSchema, {})).toEqual({
      certificate: ["required"],
      certificate_type: ["required"],
      institution: ["required"],
      expedition_date: ["required"],
    });
    expect(errorsOf(certificationSchema, { ...valid, expedition_date: "15/06/2023" })).toEqual({ expedition_date: ["invalid"] });
  });

  it("takes a chosen file and ignores an empty file input", () => {
    const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "c.pdf", { type: "application/pdf" });
    expect(valueOf(certificationSchema, { ...valid, file_certificate: file })).toMatchObject({
      file_certificate: expect.any(File),
    });
    const empty = new File([], "", { type: "application/octet-stream" });
    expect(valueOf(certificationSchema, { ...valid, file_certificate: empty }).file_certificate).toBeUndefined();
  });
});

describe("choices (at least one id ≥ 1)", () => {
  it("takes one or many ids", () => {
    expect(valueOf(choicesSchema, { ids: "3" })).toEqual({ ids: [3] });
    expect(valueOf(choicesSchema, { ids: ["1", "4"] })).toEqual({ ids: [1, 4] });
  });

  it("requires one and refuses ids below 1 or not numbers", () => {
    expect(errorsOf(choicesSchema, {})).toEqual({ ids: ["required"] });
    expect(errorsOf(choicesSchema, { ids: ["0"] })).toEqual({ "ids[0]": ["minValue:1"] });
    expect(errorsOf(choicesSchema, { ids: ["x"] })).toEqual({ "ids[0]": ["invalid"] });
  });
});

describe("profile (names 2-512, education 2-150, optional ids ≥ 1, languages)", () => {
  const valid = { full_name: "Lu", nickname: "Lu", university: "UN", acronym: "UN", degree: "Li" };

  it("accepts the lower and upper boundaries", () => {
    expect(errorsOf(profileSchema, valid)).toEqual({});
    expect(
      errorsOf(profileSchema, {
        full_name: "f".repeat(512),
        nickname: "n".repeat(512),
        work_position_id: "1",
        university_id: "1",
        university: "u".repeat(150),
        acronym: "a".repeat(150),
        degree: "d".repeat(150),
      }),
    ).toEqual({});
  });

  it("refuses one past each boundary with the spec's rule", () => {
    expect(
      errorsOf(profileSchema, {
        full_name: "f",
        nickname: "n".repeat(513),
        work_position_id: "0",
        university_id: "x",
        university: "u",
        acronym: "a".repeat(151),
        degree: "d",
      }),
    ).toEqual({
      full_name: ["minChars:2"],
      nickname: ["maxChars:512"],
      work_position_id: ["minValue:1"],
      university_id: ["invalid"],
      university: ["minChars:2"],
      acronym: ["maxChars:150"],
      degree: ["minChars:2"],
    });
    expect(errorsOf(profileSchema, { ...valid, full_name: "f".repeat(513), nickname: "n", university: "u".repeat(151) })).toEqual(
      {
        full_name: ["maxChars:512"],
        nickname: ["minChars:2"],
        university: ["maxChars:150"],
      },
    );
    expect(errorsOf(profileSchema, {})).toEqual({
      full_name: ["required"],
      nickname: ["required"],
      university: ["required"],
      acronym: ["required"],
      degree: ["required"],
    });
  });

  it("keeps only the languages given a level, and refuses an unknown level or language code", () => {
    expect(
      valueOf(profileSchema, {
        ...valid,
        "languages[0].language": "es",
        "languages[0].level": "Nativo",
        "languages[1].language": "en",
        "languages[1].level": "",
      }),
    ).toMatchObject({ languages: [{ language: "es", level: "Nativo" }] });
    expect(errorsOf(profileSchema, { ...valid, "languages[0].language": "fr", "languages[0].level": "Nativo" })).toEqual({
      "languages[0].language": ["invalid"],
    });
    expect(errorsOf(profileSchema, { ...valid, "languages[0].language": "es", "languages[0].level": "Fluido" })).toEqual({
      "languages[0].level": ["invalid"],
    });
  });
});
