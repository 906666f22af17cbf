import { describe, expect, it } from "vitest";

// This file's configuration serves media through the app (embedded mode's default).
process.env.MEDIA_VIA_APP = "1";
const { browserMediaUrl } = await import("./files-host.server");

describe("browserMediaUrl with MEDIA_VIA_APP", () => {
  it("turns a files-host URL into the app's own /files/ path, query kept", () => {
    expect(browserMediaUrl("http://files.test/storage/media/cover.png")).toBe("/files/storage/media/cover.png");
    expect(browserMediaUrl("http://files.test/storage/users/1.jpg?v=2")).toBe("/files/storage/users/1.jpg?v=2");
  });

  it("leaves another host's URL as it is, and drops what is no web address", () => {
    expect(browserMediaUrl("https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(browserMediaUrl("javascript:alert(1)")).toBeNull();
    expect(browserMediaUrl("not a url")).toBeNull();
    expect(browserMediaUrl(null)).toBeNull();
    expect(browserMediaUrl("")).toBeNull();
  });
});
