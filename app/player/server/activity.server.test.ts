import { describe, expect, it } from "vitest";
import type { Activity } from "~/legacy/schemas/training.server";
import { parseActivityId, playerActivity } from "./activity.server";

describe("parseActivityId", () => {
  it("accepts positive integers only", () => {
    expect(parseActivityId("101")).toBe(101);
    for (const bad of [undefined, "", "abc", "0", "-1", "1.5", "1e3", "12345678901"]) expect(parseActivityId(bad)).toBeNull();
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
      host,
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
        host,
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
      "unsupported",
    );
  });
});
