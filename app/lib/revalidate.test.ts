import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { notAfterSteps } from "./revalidate";

const args = (actionResult: unknown, defaultShouldRevalidate = true) =>
  ({ actionResult, defaultShouldRevalidate }) as unknown as ShouldRevalidateFunctionArgs;

describe("notAfterSteps", () => {
  const rule = notAfterSteps("edit", "confirm");

  it("skips the reload after a step that writes nothing", () => {
    expect(rule(args({ step: "confirm" }))).toBe(false);
    expect(rule(args({ step: "edit" }))).toBe(false);
  });

  it("keeps Remix's default otherwise: other steps, other replies, navigations", () => {
    expect(rule(args({ step: "added" }))).toBe(true);
    expect(rule(args({ result: null }))).toBe(true);
    expect(rule(args(undefined))).toBe(true);
    expect(rule(args(undefined, false))).toBe(false);
  });
});
