import { describe, expect, it, vi } from "vitest";
import { isTransient, parseActivityId, playerActivity, resumeData, withRetry } from "./activity.server";
import { LegacyError } from "./legacy/request.server";
import type { Activity } from "./legacy/schemas.server";

describe("withRetry (the finished retry)", () => {
  const unavailable = () => new LegacyError("unavailable", 500, "");

  it("retries a transient failure and returns the first success", async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const task = vi.fn().mockRejectedValueOnce(unavailable()).mockResolvedValueOnce("saved");
    await expect(withRetry(task, { attempts: 3, delayMs: 400, shouldRetry: isTransient, sleep })).resolves.toBe(
      "saved"
    );
    expect(task).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledExactlyOnceWith(400);
  });

  it("makes exactly 3 attempts, 400 ms apart, then throws the last failure", async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const last = unavailable();
    const task = vi
      .fn()
      .mockRejectedValueOnce(unavailable())
      .mockRejectedValueOnce(unavailable())
      .mockRejectedValueOnce(last);
    await expect(withRetry(task, { attempts: 3, delayMs: 400, shouldRetry: isTransient, sleep })).rejects.toBe(last);
    expect(task).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[400], [400]]);
  });

  it("does not retry what retrying cannot fix (a refusal, a redirect)", async () => {
    for (const failure of [
      new LegacyError("refused", 402, "Bloqueado"),
      new LegacyError("invalid", 422, ""),
      new Response(null, { status: 302 }),
    ]) {
      const task = vi.fn().mockRejectedValue(failure);
      await expect(
        withRetry(task, { attempts: 3, delayMs: 400, shouldRetry: isTransient, sleep: () => Promise.resolve() })
      ).rejects.toBe(failure);
      expect(task).toHaveBeenCalledTimes(1);
    }
  });

  it("really waits between attempts", async () => {
    vi.useFakeTimers();
    const task = vi.fn().mockRejectedValueOnce(unavailable()).mockResolvedValueOnce("saved");
    const result = withRetry(task, { attempts: 3, delayMs: 400, shouldRetry: isTransient });
    await vi.advanceTimersByTimeAsync(399);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe("saved");
    expect(task).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});

describe("parseActivityId", () => {
  it("accepts positive integers only", () => {
    expect(parseActivityId("101")).toBe(101);
    for (const bad of [undefined, "", "abc", "0", "-1", "1.5", "1e3", "12345678901"])
      expect(parseActivityId(bad)).toBeNull();
  });
});

describe("resumeData", () => {
  it("keeps flattened CMI values from JSON text or an object", () => {
    expect(resumeData('{"cmi.core.lesson_location":"2","other":"x","cmi.core.score.raw":80}')).toEqual({
      "cmi.core.lesson_location": "2",
      "cmi.core.score.raw": "80",
    });
    expect(resumeData({ "cmi.location": "3" })).toEqual({ "cmi.location": "3" });
    for (const nothing of [null, "", "not json", "[1]", "{}", 5]) expect(resumeData(nothing)).toBeNull();
  });
});

describe("playerActivity", () => {
  const host = "http://files.test";
  const base: Activity = {
    id: 1,
    title: "Título",
    description: "Descripción",
    contentType: { key: "video", name: "Video" },
    parent: null,
    coverUrl: null,
    media: {
      fullPath: "http://files.test/storage/media/a.mp4",
      filePath: "/storage/media/",
      fileName: "a.mp4",
      hostUrl: host,
      s3BucketName: null,
      decompressionPath: null,
      fullDecompressionPath: null,
    },
    content: null,
    durationMinutes: 2,
    modules: [],
    isEscapeRoom: false,
    courseName: "",
    sectionId: null,
  };

  it("refuses a link that is not a web address", () => {
    const link = playerActivity(
      {
        ...base,
        contentType: { key: "external_link", name: "Enlace" },
        media: null,
        content: { link: "javascript:alert(1)", linkDesk: null, linkTarget: null },
      },
      host
    );
    expect(link.link).toBeNull();
  });

  it("plays SCORM only from the proxied files host, and finds its manifest at the unpacked root", () => {
    const scorm = (media: Partial<NonNullable<Activity["media"]>>) =>
      playerActivity(
        {
          ...base,
          contentType: { key: "elearning", name: "eLearning" },
          media: { ...(base.media as NonNullable<Activity["media"]>), ...media },
        },
        host
      );
    expect(scorm({ filePath: "/pkg/content/", fileName: "index.html", decompressionPath: "/pkg/" })).toMatchObject({
      src: "/files/pkg/content/index.html",
      manifestUrl: "/files/pkg/imsmanifest.xml",
    });
    expect(scorm({ filePath: "/pkg/", fileName: "index.html" }).manifestUrl).toBe("/files/pkg/imsmanifest.xml");
    expect(scorm({ filePath: "/pkg/", fileName: "index.html", s3BucketName: "bucket" })).toMatchObject({
      src: null,
      manifestUrl: null,
    });
  });

  it("is unsupported for an unknown type or a parent_activity without a parent", () => {
    expect(playerActivity({ ...base, contentType: { key: "hologram", name: "?" } }, host).kind).toBe("unsupported");
    expect(playerActivity({ ...base, contentType: { key: "parent_activity", name: "Relacionada" } }, host).kind).toBe(
      "unsupported"
    );
  });
});
