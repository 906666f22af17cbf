import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { employeeLoginSchema, loginSchema, newPasswordSchema, recoveryRequestSchema } from "./auth";

function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const submission = parseWithZod(form, { schema });
  return submission.status === "success" ? {} : submission.error;
}

describe("login v1 (user 2-64, password 6-64)", () => {
  it.each([
    [
      { email: "", password: "" },
      { email: ["required"], password: ["required"] },
    ],
    [
      { email: "a", password: "12345" },
      { email: ["minChars:2"], password: ["minChars:6"] },
    ],
    [
      { email: "a".repeat(65), password: "1".repeat(65) },
      { email: ["maxChars:64"], password: ["maxChars:64"] },
    ],
  ])("%o gives %o", (fields, expected) => {
    expect(errorsOf(loginSchema, fields)).toEqual(expected);
  });

  it.each([
    { email: "ab", password: "123456" },
    { email: "a".repeat(64), password: "1".repeat(64) },
  ])("accepts the boundaries %o", (fields) => {
    expect(errorsOf(loginSchema, fields)).toEqual({});
  });
});

describe("login v2 and recovery (2-64)", () => {
  it.each([employeeLoginSchema, recoveryRequestSchema])("apply the same bounds", (schema) => {
    expect(errorsOf(schema, { email: "" })).toEqual({ email: ["required"] });
    expect(errorsOf(schema, { email: "1" })).toEqual({ email: ["minChars:2"] });
    expect(errorsOf(schema, { email: "10" })).toEqual({});
    expect(errorsOf(schema, { email: "1".repeat(65) })).toEqual({ email: ["maxChars:64"] });
  });
});

describe("new password", () => {
  const valid = { token: "abcdef", password: "secret1", password_confirmation: "secret1" };
  it("accepts a matching pair", () => {
    expect(errorsOf(newPasswordSchema, valid)).toEqual({});
  });
  it("says the confirmation does not match", () => {
    expect(errorsOf(newPasswordSchema, { ...valid, password_confirmation: "secret2" })).toEqual({
      password_confirmation: ["mismatch"],
    });
  });
  it("checks the token and both lengths", () => {
    expect(errorsOf(newPasswordSchema, { token: "abc", password: "12345", password_confirmation: "" })).toEqual({
      token: ["minChars:6"],
      password: ["minChars:6"],
      password_confirmation: ["required"],
    });
  });
});
