import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { login } from "~/legacy/auth.server";
import { saveCertificate } from "~/legacy/user.server";
import { MAX_PER_USER, readPdf } from "~/player/server/pdf/pages.server";
import type * as HomeActivityRoute from "~/routes/_app+/_home+/$activity";
import { thinPage } from "../fixtures/pdf-bombs";
import { damagedPdf, lockedPdf, longDocument, truncated } from "../fixtures/pdf-content";
import { context, get, replyOf, responseOf, signedInCookie, withLegacy } from "./helpers";

/** The PDF player's pages, drawn on the server from the mock's files (app/player/server/pdf/). */

const legacy = withLegacy();
let cookie: string;
const GUIDE = "storage/media/guia-auditoria-interna.pdf";

beforeAll(() => {
  // The pages are drawn from the mock's /storage, as in embedded mode.
  process.env.FILES_HOST_URL = legacy().origin;
});
beforeEach(async () => {
  cookie = await signedInCookie();
});

async function pageOf(width: string, rest: string, withCookie = true) {
  const { loader } = await import("~/routes/pdf-pages.$width.$");
  const request = get(`/pdf-pages/${width}/${rest}`, withCookie ? cookie : undefined);
  return loader({ request, params: { width, "*": rest }, context }).then(
    (response) => response,
    (thrown: unknown) => responseOf(thrown),
  );
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The files host answers `bytes` at `path`; other requests go through. */
function serving(path: string, bytes: Uint8Array<ArrayBuffer>) {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) =>
    new URL(String(input)).pathname === path ? Promise.resolve(new Response(bytes)) : realFetch(input, init),
  );
}

/** A learner's upload (a certificate's file) that starts like a PDF, at its `/files/` path. */
async function brokenPdf() {
  const { accessToken } = await login({ locale: "es" }, { email: "ana.martinez@academia.test", password: "Academia2026!" });
  const saved = await saveCertificate(
    { locale: "es", token: accessToken },
    {
      certificate: "Roto",
      certificateType: "COURSE",
      institution: "ACFE",
      expeditionDate: "2025-03-01",
      file: { blob: new Blob([new TextEncoder().encode("%PDF-1.4\n%roto\n")]), name: "roto.pdf" },
    },
  );
  const url = new URL(saved.certificate?.fileUrl ?? "");
  return url.pathname.slice(1);
}

/** The player's data at `path`, through the loader of `route` (a player route module). */
async function playerAt(route: string, path: string, params: Record<string, string>) {
  const { loader } = (await import(/* @vite-ignore */ `~/routes/${route}`)) as typeof HomeActivityRoute;
  const request = new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
  const answer = await loader({ request, params, context }).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  });
  if (answer instanceof Response) return answer;
  const { data } = replyOf(answer);
  if (data.state === "not_found") throw new Error("activity not found");
  return data;
}

describe("the PDF player's loader", () => {
  it("reads the page count, each page's shape and text once on the server", async () => {
    const data = await playerAt("_app+/_home+/$activity", "/103", { activity: "103" });
    if (data instanceof Response || !data.pdf || !("pages" in data.pdf)) throw new Error("no pages");
    expect(data.pdf).toMatchObject({ path: GUIDE, pageCount: 2, first: 1 });
    expect(data.pdf.pages).toHaveLength(2);
    expect(data.pdf.pages[0]).toMatchObject({ width: 595, height: 842 });
    expect(data.pdf.pages[0]?.text).toContain("Guía de Auditoría Interna");
  });

  it("says why a file cannot be shown: locked with a password, damaged, or anything else", async () => {
    serving("/storage/media/roto.pdf", new TextEncoder().encode("%PDF-1.4\n%roto\n"));
    expect(await readPdf("/files/storage/media/roto.pdf")).toEqual({ problem: "damaged" });
    serving("/storage/media/cortado.pdf", truncated(longDocument(3), 300));
    expect(await readPdf("/files/storage/media/cortado.pdf")).toEqual({ problem: "damaged" });
    serving("/storage/media/vacio.pdf", damagedPdf());
    expect(await readPdf("/files/storage/media/vacio.pdf")).toEqual({ problem: "damaged" });
    serving("/storage/media/con-clave.pdf", lockedPdf());
    expect(await readPdf("/files/storage/media/con-clave.pdf")).toEqual({ problem: "protected" });
    expect(await readPdf("/files/storage/media/infografia-control-interno.png")).toEqual({ problem: "unreadable" });
    expect(await readPdf("/files/storage/media/no-such.pdf")).toEqual({ problem: "unreadable" });
    expect(await readPdf("https://elsewhere.example/guide.pdf")).toEqual({ problem: "unreadable" });
  });

  it("reads a long file by groups of 60 pages, each reachable at /<activity>/pages/<first>", async () => {
    serving("/storage/media/largo.pdf", longDocument(130));
    const third = await readPdf("/files/storage/media/largo.pdf", undefined, 121);
    expect(third).toMatchObject({ pageCount: 130, first: 121 });
    expect(third && "pages" in third ? third.pages.map((page) => page.text) : []).toHaveLength(10);
    const group = await playerAt("_app+/_home+/$activity_.pages.$first", "/103/pages/61", { activity: "103", first: "61" });
    // The guide has 2 pages: no group from page 61.
    expect(group instanceof Response ? group.status : group.pdf).toEqual({ problem: "unreadable" });
    const routeGroup = await playerAt(
      "_app+/learning-path+/$slug.$activity_.pages.$first",
      "/learning-path/formacion-inicial/103/pages/1",
      {
        slug: "formacion-inicial",
        activity: "103",
        first: "1",
      },
    );
    expect(routeGroup instanceof Response ? routeGroup.status : routeGroup.pdf).toMatchObject({ first: 1, pageCount: 2 });
  });

  it.each(["0", "2", "60", "abc", "1e3"])(
    "sends a page group that does not start one (%s) to the player's address",
    async (first) => {
      const home = await playerAt("_app+/_home+/$activity_.pages.$first", `/103/pages/${first}`, { activity: "103", first });
      expect(home instanceof Response && [home.status, home.headers.get("Location")]).toEqual([302, "/103"]);
    },
  );
});

describe("the page image route", () => {
  it.each([360, 720, 1080, 1440, 2160])("draws a page as a PNG %i pixels wide, cached privately", async (width) => {
    const response = await pageOf(String(width), `${GUIDE}/1.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=600");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(pngSize(bytes)).toEqual({ width, height: Math.round((width * 842) / 595) });
  });

  it("draws WebP too, and a second request comes from the cache", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const first = await pageOf("360", `${GUIDE}/2.webp`);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/webp");
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe("WEBP");
    fetchSpy.mockClear();
    const again = await pageOf("360", `${GUIDE}/2.webp`);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it("answers 404 for a page out of range or a missing file", async () => {
    expect((await pageOf("720", `${GUIDE}/3.png`)).status).toBe(404);
    expect((await pageOf("720", `${GUIDE}/0.png`)).status).toBe(404);
    expect((await pageOf("720", "storage/media/no-such.pdf/1.png")).status).toBe(404);
  });

  it.each(["0", "100", "719", "2000", "abc"])("refuses the width %s", async (width) => {
    const response = await pageOf(width, `${GUIDE}/1.png`);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Bad width");
  });

  it.each(["1.jpg", "1.png.png", "1", "x.png"])("refuses the page file %s", async (file) => {
    expect((await pageOf("720", `${GUIDE}/${file}`)).status).toBe(404);
  });

  it("answers 415 for a file that is not a PDF, or one that is broken, without a stack", async () => {
    const image = await pageOf("720", "storage/media/infografia-control-interno.png/1.png");
    expect(image.status).toBe(415);
    expect(await image.text()).toBe("The page could not be drawn");
    serving("/storage/media/roto.pdf", new TextEncoder().encode("%PDF-1.4\n%roto\n"));
    expect((await pageOf("720", "storage/media/roto.pdf/1.png")).status).toBe(415);
  });

  it("answers 422 for a page of a file locked with a password, and draws page 130 of a long file", async () => {
    serving("/storage/media/bloqueado.pdf", lockedPdf());
    expect((await pageOf("720", "storage/media/bloqueado.pdf/1.png")).status).toBe(422);
    serving("/storage/media/largo-130.pdf", longDocument(130));
    expect((await pageOf("360", "storage/media/largo-130.pdf/130.png")).status).toBe(200);
    expect((await pageOf("360", "storage/media/largo-130.pdf/131.png")).status).toBe(404);
  });

  it("never draws a learner's upload: 404 without asking the files host", async () => {
    const upload = await brokenPdf();
    const spy = vi.spyOn(globalThis, "fetch");
    expect(upload).toMatch(/^storage\/uploads\//);
    for (const path of [upload, upload.replace("uploads", "UPLOADS")]) {
      const response = await pageOf("720", `${path}/1.png`);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not found");
    }
    expect(await readPdf(`/files/${upload}`)).toEqual({ problem: "unreadable" });
    expect(spy).not.toHaveBeenCalled();
  });

  it("answers 422 for a page it will not draw, and 429 with Retry-After past a learner's renders", async () => {
    serving("/storage/media/delgada.pdf", thinPage());
    const thin = await pageOf("1080", "storage/media/delgada.pdf/1.png");
    expect(thin.status).toBe(422);
    expect(await thin.text()).toBe("The page could not be drawn");
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      await gate;
      return new Response("no", { status: 404 });
    });
    // One more than a learner may have: whichever is counted last (their sessions are unsealed in
    // any order) is refused at once, while the others wait for their files.
    const asked = Array.from({ length: MAX_PER_USER + 1 }, (_, index) =>
      pageOf("360", `storage/media/espera-${index}.pdf/1.png`),
    );
    const refused = await Promise.race(asked);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("2");
    open();
    const statuses = (await Promise.all(asked)).map((response) => response.status);
    expect(statuses.sort()).toEqual([...Array(MAX_PER_USER).fill(404), 429]);
  });

  it("refuses a path that leaves the files host", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    expect((await pageOf("720", "storage/../v1/api/get_user_info/1.png")).status).toBe(404);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it("is only for signed-in learners", async () => {
    expect((await pageOf("720", `${GUIDE}/1.png`, false)).status).toBe(401);
  });
});
