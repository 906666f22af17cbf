import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  folderOf,
  isPdfGroupStart,
  mediaFileUrl,
  pdfPageGroups,
  pdfPagesPath,
  pdfPageUrl,
  sameOriginFileUrl,
  videoEmbedUrl,
} from "./media";

const host = "http://files.test";

describe("mediaFileUrl", () => {
  it("joins the configured host, file_path and file_name", () => {
    expect(mediaFileUrl({ filePath: "/storage/media/", fileName: "guia.pdf" }, host)).toBe(
      "http://files.test/storage/media/guia.pdf",
    );
    expect(mediaFileUrl({ filePath: "storage/media", fileName: "guia.pdf" }, "http://files.test/")).toBe(
      "http://files.test/storage/media/guia.pdf",
    );
    expect(mediaFileUrl({ filePath: null, fileName: "guia.pdf" }, host)).toBe("http://files.test/guia.pdf");
  });

  it("uses the S3 bucket as an http address instead of the host", () => {
    expect(mediaFileUrl({ filePath: "/media/", fileName: "a.mp4", s3BucketName: "academia-media" }, host)).toBe(
      "https://academia-media.s3.amazonaws.com/media/a.mp4",
    );
    expect(mediaFileUrl({ filePath: "media/", fileName: "a.mp4", s3BucketName: "https://cdn.example.com/bucket/" }, host)).toBe(
      "https://cdn.example.com/bucket/media/a.mp4",
    );
  });

  it("falls back to full_path, and to null without anything", () => {
    expect(mediaFileUrl({ fullPath: "http://files.test/x.png" }, host)).toBe("http://files.test/x.png");
    expect(mediaFileUrl({ fullPath: "" }, host)).toBeNull();
    expect(mediaFileUrl(null, host)).toBeNull();
  });
});

describe("sameOriginFileUrl", () => {
  it("rewrites a URL on the files host to the /files proxy, query included", () => {
    expect(sameOriginFileUrl("http://files.test/storage/scorm/a/index.html?v=2", host)).toBe(
      "/files/storage/scorm/a/index.html?v=2",
    );
  });

  it("strips the host's own base path", () => {
    expect(sameOriginFileUrl("https://cdn.test/academia/media/a.png", "https://cdn.test/academia")).toBe("/files/media/a.png");
    expect(sameOriginFileUrl("https://cdn.test/academia-other/a.png", "https://cdn.test/academia")).toBe(
      "https://cdn.test/academia-other/a.png",
    );
  });

  it("leaves other hosts alone and refuses garbage", () => {
    expect(sameOriginFileUrl("https://bucket.s3.amazonaws.com/a.mp4", host)).toBe("https://bucket.s3.amazonaws.com/a.mp4");
    expect(sameOriginFileUrl("http://files.test:8080/a.mp4", host)).toBe("http://files.test:8080/a.mp4");
    expect(sameOriginFileUrl("not a url", host)).toBeNull();
    expect(sameOriginFileUrl("javascript:alert(1)", host)).toBeNull();
    expect(sameOriginFileUrl("data:text/html,<script>alert(1)</script>", host)).toBeNull();
    expect(sameOriginFileUrl(null, host)).toBeNull();
  });

  it("always yields a /files/ path for any path on the host (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9_-]{1,10}$/), { minLength: 1, maxLength: 5 }), (segments) => {
        const path = segments.join("/");
        expect(sameOriginFileUrl(`${host}/${path}`, host)).toBe(`/files/${path}`);
      }),
    );
  });
});

describe("folderOf", () => {
  it("keeps the folder with its trailing slash", () => {
    expect(folderOf("/files/storage/scorm/a/index.html?x=1")).toBe("/files/storage/scorm/a/");
    expect(folderOf("index.html")).toBe("");
  });
});

describe("videoEmbedUrl", () => {
  it("builds the embed address from the v parameter", () => {
    expect(videoEmbedUrl("https://www.youtube.com/watch?v=AuditInt001")).toBe("https://www.youtube.com/embed/AuditInt001");
    expect(videoEmbedUrl("https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10")).toBe(
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
    );
  });

  it("is null without a usable v", () => {
    expect(videoEmbedUrl("https://www.theiia.org/en/standards/")).toBeNull();
    expect(videoEmbedUrl("https://www.youtube.com/watch?v=<script>")).toBeNull();
    expect(videoEmbedUrl("nonsense")).toBeNull();
    expect(videoEmbedUrl(null)).toBeNull();
  });
});

describe("pdfPagesPath and pdfPageUrl", () => {
  it("draws pages only from a plain /files/ path", () => {
    expect(pdfPagesPath("/files/storage/media/guia.pdf")).toBe("storage/media/guia.pdf");
    expect(pdfPagesPath("/files/storage/media/gu%C3%ADa.pdf")).toBe("storage/media/gu%C3%ADa.pdf");
    expect(pdfPagesPath("/files/storage/guia.pdf?v=2")).toBeNull();
    expect(pdfPagesPath("/files/")).toBeNull();
    expect(pdfPagesPath("https://bucket.s3.amazonaws.com/guia.pdf")).toBeNull();
  });

  it("addresses a page by width, path, number and format, with no query", () => {
    expect(pdfPageUrl("storage/media/guia.pdf", 2, 720, "webp")).toBe("/pdf-pages/720/storage/media/guia.pdf/2.webp");
  });
});

describe("PDF page groups", () => {
  it("cuts a file into groups of 60 pages, the last one shorter", () => {
    expect(pdfPageGroups(130)).toEqual([
      { first: 1, last: 60 },
      { first: 61, last: 120 },
      { first: 121, last: 130 },
    ]);
    expect(pdfPageGroups(60)).toEqual([{ first: 1, last: 60 }]);
    expect(pdfPageGroups(1)).toEqual([{ first: 1, last: 1 }]);
  });

  it("takes only a group's first page as its address", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (count) =>
        pdfPageGroups(count).every(({ first }) => isPdfGroupStart(first)),
      ),
    );
    for (const first of [0, 2, 60, 62, -59, 1.5, Number.NaN, 2 ** 60]) expect(isPdfGroupStart(first)).toBe(false);
  });
});
