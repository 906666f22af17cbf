import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OfflineFiles } from "~/player/types";
import { caught, context, get, signedInCookie, spyOnUpstream, withLegacy } from "./helpers";

/** `GET /offline-files/<activity>/<width>` (issue #18): what saving an activity for offline use fetches. */
const legacy = withLegacy();
let cookie: string;

beforeAll(() => {
  process.env.FILES_HOST_URL = legacy().origin;
});
beforeEach(async () => {
  cookie = await signedInCookie();
});

async function filesOf(activity: string, width = "720"): Promise<{ status: number; body: OfflineFiles }> {
  const { loader } = await import("~/routes/offline-files.$activity.$width");
  const response = await loader({
    request: get(`/offline-files/${activity}/${width}`, cookie),
    params: { activity, width },
    context,
  });
  return { status: response.status, body: (await response.json()) as OfflineFiles };
}

function ready(body: OfflineFiles) {
  if (body.state !== "ready") throw new Error(`not ready: ${body.state}`);
  return body;
}

describe("offline files", () => {
  it("lists a PDF's pages drawn at the width the phone shows them, with a size estimate", async () => {
    const { status, body } = await filesOf("103", "1000");
    expect(status).toBe(200);
    const pdf = ready(body);
    expect(pdf.kind).toBe("pdf");
    expect(pdf.files.length).toBeGreaterThan(0);
    for (const [index, file] of pdf.files.entries()) {
      expect(file.url).toBe(`/pdf-pages/1080/storage/media/guia-auditoria-interna.pdf/${index + 1}.webp`);
      expect(file.estimate).toBeGreaterThan(0);
    }
    expect(pdf.pageGroups).toEqual([]);
  });

  it.each([
    ["360", 360],
    ["1", 360],
    ["721", 1080],
    ["99999999", 2160],
    ["abc", 720],
    ["-5", 720],
  ])("draws pages for a width of %s at %i", async (width, drawn) => {
    const pdf = ready((await filesOf("103", width)).body);
    expect(pdf.files[0]?.url).toMatch(new RegExp(`^/pdf-pages/${drawn}/`));
  });

  it("lists every file a SCORM package's manifest names, inside its folder, with sizes where the host says them", async () => {
    const scorm = ready((await filesOf("106")).body);
    const urls = scorm.files.map((file) => file.url);
    expect(urls).toContain("/files/storage/scorm/intro-auditoria/imsmanifest.xml");
    expect(urls).toContain("/files/storage/scorm/intro-auditoria/index.html");
    expect(urls.every((url) => url.startsWith("/files/storage/scorm/intro-auditoria/"))).toBe(true);
    // The mock's files host answers HEAD without a Content-Length: the sizes are then unknown.
    expect(scorm.files.every((file) => file.bytes === null || file.bytes >= 0)).toBe(true);
    expect(urls).toHaveLength(new Set(urls).size);
  });

  it("lists a video's file, and the app's own files a saved page runs on", async () => {
    const video = ready((await filesOf("101")).body);
    expect(video.files.map((file) => file.url)).toEqual(["/files/storage/media/video-bienvenida.mp4"]);
    expect(video.shell.map((file) => file.url)).toContain("/icons/icon-192.png");
    expect(video.shell.every((file) => /^\/(build|icons)\//.test(file.url) && !file.url.endsWith(".map"))).toBe(true);
  });

  it("says an external link cannot be saved, and an unknown or malformed id is not found", async () => {
    expect(await filesOf("107")).toEqual({ status: 409, body: { state: "not_saveable" } });
    expect(await filesOf("999999")).toEqual({ status: 404, body: { state: "not_found" } });
    expect(await filesOf("1e3")).toEqual({ status: 404, body: { state: "not_found" } });
  });

  it("answers only a signed-in learner", async () => {
    const { loader } = await import("~/routes/offline-files.$activity.$width");
    const response = await caught(
      loader({ request: get("/offline-files/103/720"), params: { activity: "103", width: "720" }, context }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/welcome");
  });

  it("gives unknown sizes when the files host does not answer, and fails a package whose manifest it cannot read", async () => {
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) =>
      String(input).startsWith(`${legacy().origin}/storage/`)
        ? Promise.reject(new TypeError("fetch failed"))
        : realFetch(input, init),
    );
    // The manifest's read goes out on the server's own client (decision 073).
    spyOnUpstream((url) =>
      url.startsWith(`${legacy().origin}/storage/`)
        ? Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))
        : undefined,
    );
    try {
      const video = ready((await filesOf("101")).body);
      expect(video.files).toEqual([{ url: "/files/storage/media/video-bienvenida.mp4", bytes: null }]);
      // Rather than leave the package out of a route's save, saving fails and can be tried again.
      expect(await filesOf("106")).toEqual({ status: 503, body: { state: "failed" } });
    } finally {
      vi.restoreAllMocks();
    }
  });
});
