import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cappedMinutes,
  creditedMs,
  externalLinkFinished,
  finishAfterMs,
  isTimedKind,
  minutesOf,
  offlineTimeCapMinutes,
} from "./finish";

describe("externalLinkFinished (98% of the duration)", () => {
  it("finishes once recorded plus elapsed minutes reach 98%", () => {
    expect(externalLinkFinished(0, 19.6, 20)).toBe(true);
    expect(externalLinkFinished(0, 19.59, 20)).toBe(false);
    expect(externalLinkFinished(10, 9.6, 20)).toBe(true);
    expect(externalLinkFinished(10, 9.5, 20)).toBe(false);
    expect(externalLinkFinished(25, 0, 20)).toBe(true);
  });

  it("finishes at once for an activity without a duration", () => {
    expect(externalLinkFinished(0, 0, 0)).toBe(true);
  });

  it("is monotonic: more elapsed time never un-finishes (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (a, b) => {
        if (externalLinkFinished(0, a, 30)) expect(externalLinkFinished(0, a + b, 30)).toBe(true);
      }),
    );
  });
});

describe("minutesOf", () => {
  it("keeps two decimals", () => {
    expect(minutesOf(30_000)).toBe(0.5);
    expect(minutesOf(61_000)).toBe(1.02);
    expect(minutesOf(0)).toBe(0);
  });
});
describe("finishAfterMs (the player without JavaScript)", () => {
  it("waits 5 s for an image and 15 s for a PDF, whatever their duration", () => {
    expect(finishAfterMs("image", 30, 0)).toBe(5_000);
    expect(finishAfterMs("pdf", 30, 0)).toBe(15_000);
  });

  it("waits an audio or video's duration, at least 5 s", () => {
    expect(finishAfterMs("video", 4, 0)).toBe(240_000);
    expect(finishAfterMs("audio", 0, 0)).toBe(5_000);
  });

  it("waits the length the media's file gives instead, at least 5 s; the others keep theirs", () => {
    expect(finishAfterMs("video", 2, 0, 6_023)).toBe(6_023);
    expect(finishAfterMs("audio", 1, 0, 3_000)).toBe(5_000);
    expect(finishAfterMs("audio", 1, 0, 2_100_000)).toBe(2_100_000);
    expect(finishAfterMs("video", 2, 0, null)).toBe(120_000);
    expect(finishAfterMs("pdf", 2, 0, 6_023)).toBe(15_000);
  });

  it("waits what the 98 % rule still asks of an external link, nothing once recorded time covers it", () => {
    expect(finishAfterMs("external", 20, 0)).toBe(1_176_000);
    expect(finishAfterMs("external", 20, 10)).toBe(576_000);
    expect(finishAfterMs("external", 20, 25)).toBe(0);
    expect(finishAfterMs("external", 0, 0)).toBe(0);
  });

  it("agrees with the JavaScript player's external-link rule (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 600 }), (duration, recorded) => {
        const wait = finishAfterMs("external", duration, recorded);
        expect(externalLinkFinished(recorded, (wait + 1) / 60_000, duration)).toBe(true);
        if (wait >= 1) expect(externalLinkFinished(recorded, (wait - 1000) / 60_000, duration)).toBe(false);
      }),
    );
  });

  it("knows which kinds it applies to: not SCORM", () => {
    expect(["image", "pdf", "audio", "video", "external"].every(isTimedKind)).toBe(true);
    expect(isTimedKind("scorm")).toBe(false);
    expect(isTimedKind("unsupported")).toBe(false);
  });
});

describe("creditedMs", () => {
  it("credits what elapsed, at most the activity's duration or its wait", () => {
    expect(creditedMs("video", 90_000, 4)).toBe(90_000);
    expect(creditedMs("video", 10 * 3_600_000, 4)).toBe(240_000);
    expect(creditedMs("image", 3_600_000, 0)).toBe(5_000);
    expect(creditedMs("pdf", 3_600_000, 10)).toBe(600_000);
    expect(creditedMs("pdf", -5, 10)).toBe(0);
  });
});

describe("offlineTimeCapMinutes (time counted while writes wait offline)", () => {
  it("is what the activity's rules credit: its duration, or its wait when it has none", () => {
    expect(offlineTimeCapMinutes("video", 4)).toBe(4);
    expect(offlineTimeCapMinutes("pdf", 12)).toBe(12);
    expect(offlineTimeCapMinutes("image", 0)).toBe(0.08);
    expect(offlineTimeCapMinutes("pdf", 0)).toBe(0.25);
    expect(offlineTimeCapMinutes("scorm", 15)).toBe(15);
  });

  it("stops at half an hour for an activity with no duration and no wait (a SCORM package)", () => {
    expect(offlineTimeCapMinutes("scorm", 0)).toBe(30);
    expect(offlineTimeCapMinutes("unsupported", -3)).toBe(30);
  });
});

describe("cappedMinutes", () => {
  it("adds what fits under the cap beside the minutes already waiting, never less than nothing", () => {
    expect(cappedMinutes(0, 0.5, 4)).toBe(0.5);
    expect(cappedMinutes(3.8, 0.5, 4)).toBe(0.2);
    expect(cappedMinutes(4, 0.5, 4)).toBe(0);
    expect(cappedMinutes(6, 0.5, 4)).toBe(0);
  });

  it("never lets a night of 30-second updates claim more than the cap", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 60, noNaN: true }), { maxLength: 200 }),
        fc.integer({ min: 0, max: 120 }),
        (ticks, cap) => {
          const total = ticks.reduce((waiting, added) => waiting + cappedMinutes(waiting, added, cap), 0);
          expect(total).toBeLessThanOrEqual(cap + 0.01);
        },
      ),
    );
  });
});
