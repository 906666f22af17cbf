import { describe, expect, it } from "vitest";
import { floor2 } from "./numbers";

describe("floor2", () => {
  it.each([
    [99.999, 99.99],
    [66.666, 66.66],
    [12.5, 12.5],
    [0.29, 0.29],
  ])("floors %d to %d", (value, expected) => {
    expect(floor2(value)).toBe(expected);
  });
});
