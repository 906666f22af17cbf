import { describe, expect, it } from "vitest";
import { describeDevice } from "./device";

describe("describeDevice", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 13; SM-A145M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
      "Android 13 · Chrome 120",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1",
      "iPhone iOS 17.2 · Safari 17",
    ],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0", "Windows · Firefox 121"],
    ["curl/8.0", ""],
  ])("names %s", (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });

  it("answers nothing without a User-Agent and never more than 128 characters", () => {
    expect(describeDevice(null)).toBe("");
    expect(describeDevice(`Android 1${"1".repeat(300)} Chrome/1`).length).toBeLessThanOrEqual(128);
  });
});
