import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { contactSchema, suggestionSchema, supportSchema } from "./help";

function parse(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema });
}
const errorsOf = (schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) => {
  const submission = parse(schema, fields);
  return submission.status === "success" ? {} : submission.error;
};

describe("support (subject 8-128, device 3-128, section 1-128, ids ≥ 1, comment 1-1024)", () => {
  const valid = {
    subject: "12345678",
    device: "abc",
    app_section: "Inicio",
    support_category: "1",
    support_sub_category: "1",
    comment: "x",
  };

  it("accepts the lower and upper boundaries", () => {
    expect(errorsOf(supportSchema, valid)).toEqual({});
    expect(
      errorsOf(supportSchema, {
        ...valid,
        subject: "s".repeat(128),
        device: "d".repeat(128),
        app_section: "a".repeat(128),
        comment: "c".repeat(1024),
      }),
    ).toEqual({});
  });

  it("refuses one past each boundary with the spec's rule", () => {
    expect(
      errorsOf(supportSchema, {
        subject: "1234567",
        device: "ab",
        app_section: "a".repeat(129),
        support_category: "0",
        support_sub_category: "x",
        comment: "c".repeat(1025),
      }),
    ).toEqual({
      subject: ["minChars:8"],
      device: ["minChars:3"],
      app_section: ["maxChars:128"],
      support_category: ["minValue:1"],
      support_sub_category: ["invalid"],
      comment: ["maxChars:1024"],
    });
    expect(errorsOf(supportSchema, { ...valid, subject: "s".repeat(129), device: "d".repeat(129) })).toEqual({
      subject: ["maxChars:128"],
      device: ["maxChars:128"],
    });
  });

  it("requires every field", () => {
    expect(errorsOf(supportSchema, {})).toEqual({
      subject: ["required"],
      device: ["required"],
      app_section: ["required"],
      support_category: ["required"],
      support_sub_category: ["required"],
      comment: ["required"],
    });
  });

  it("requires a section unless the request comes from an activity, then it is 'Galería'", () => {
    const { app_section: _section, ...withoutSection } = valid;
    expect(errorsOf(supportSchema, withoutSection)).toEqual({ app_section: ["required"] });
    const fromActivity = parse(supportSchema, { ...withoutSection, support_activity: "12" });
    expect(fromActivity.status === "success" && fromActivity.value.app_section).toBe("Galería");
  });
});

describe("suggestion (category ≥ 1, content 1-128)", () => {
  it("checks both fields at their boundaries", () => {
    expect(errorsOf(suggestionSchema, { suggestion_category_id: "1", content: "x" })).toEqual({});
    expect(errorsOf(suggestionSchema, { suggestion_category_id: "1", content: "x".repeat(128) })).toEqual({});
    expect(errorsOf(suggestionSchema, { suggestion_category_id: "0", content: "x".repeat(129) })).toEqual({
      suggestion_category_id: ["minValue:1"],
      content: ["maxChars:128"],
    });
    expect(errorsOf(suggestionSchema, {})).toEqual({ suggestion_category_id: ["required"], content: ["required"] });
  });
});

describe("contact (name 2-64, phone required, email 2-64 without format, comment 25-512)", () => {
  const id = "0b0f4c2e-6c1a-4d5e-9f2a-1b2c3d4e5f60";
  const valid = { name: "Jo", phone: "5", email: "ab", comment: "c".repeat(25), submission_id: id };

  it("accepts the boundaries (and an e-mail without format)", () => {
    expect(errorsOf(contactSchema, valid)).toEqual({});
    expect(errorsOf(contactSchema, { ...valid, name: "n".repeat(64), email: "e".repeat(64), comment: "c".repeat(512) })).toEqual(
      {},
    );
  });

  it("refuses one past each boundary", () => {
    expect(errorsOf(contactSchema, { ...valid, name: "J", email: "a", comment: "c".repeat(24) })).toEqual({
      name: ["minChars:2"],
      email: ["minChars:2"],
      comment: ["minChars:25"],
    });
    expect(errorsOf(contactSchema, { ...valid, name: "n".repeat(65), email: "e".repeat(65), comment: "c".repeat(513) })).toEqual({
      name: ["maxChars:64"],
      email: ["maxChars:64"],
      comment: ["maxChars:512"],
    });
  });

  it("requires every field and a submission id", () => {
    expect(errorsOf(contactSchema, {})).toEqual({
      name: ["required"],
      phone: ["required"],
      email: ["required"],
      comment: ["required"],
      submission_id: ["invalid"],
    });
  });
});
