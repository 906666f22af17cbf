import { describe, expect, it } from "vitest";
import { choice, isCalendarDate } from "./validation";

describe("choice", () => {
  const level = choice(["Básico", "Nativo"] as const);
  it("takes an offered option, calls anything else not valid and nothing at all required", () => {
    expect(level.parse("Nativo")).toBe("Nativo");
    expect(level.safeParse("Fluido").error?.issues[0]?.message).toBe("invalid");
    expect(level.safeParse(3).error?.issues[0]?.message).toBe("invalid");
    expect(level.safeParse(undefined).error?.issues[0]?.message).toBe("required");
  });
});

describe("calendar dates", () => {
  it.each([
    ["2024-02-29", true],
    ["2023-02-29", false],
    ["2026-12-31", true],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-1-01", false],
    ["2026-11-23T00:00", false],
  ])("%s → %s", (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});
