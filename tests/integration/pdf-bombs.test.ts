import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hugeImage, inflateBomb, jbig2Bomb, textOpsBomb, textPage, thinPage } from "../fixtures/pdf-bombs";
import { type App, ensureBuilt, startBuiltApp, stopApp } from "./built-app";
import { cookiesOf, withLegacy } from "./helpers";

/**
 * Issue #12 item 2 against the built server over real HTTP: the crafted PDFs that froze or killed
 * it, served by a files host of this test, are refused while the server keeps answering.
 * (Response times under bombs are measured in `npm run bench`, not here.)
 */

// Not reset between tests: the session signed in once stays valid.
const legacy = withLegacy({ resetEachTest: false });
let files: Server;
let app: App;
/** The learner who asks for the bombs, and another one reading. */
let cookie: string;
let otherCookie: string;

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

beforeAll(async () => {
  // The built server, as `npm start` runs it: build when the sources are newer.
  ensureBuilt();
  const bombs: Record<string, Uint8Array> = {
    "/storage/media/inflate.pdf": await inflateBomb(),
    "/storage/media/text-ops.pdf": textOpsBomb(),
    "/storage/media/thin.pdf": thinPage(),
    "/storage/media/huge-image.pdf": hugeImage(),
    "/storage/media/jbig2.pdf": jbig2Bomb(),
    "/storage/media/page.pdf": textPage(),
  };
  files = createServer((request, response) => {
    const bytes = bombs[request.url ?? ""];
    response.writeHead(bytes ? 200 : 404, { "Content-Type": "application/pdf" }).end(bytes ?? "no");
  });
  const filesOrigin = await listen(files);
  app = await startBuiltApp({
    LEGACY_API_URL: legacy().url,
    LEGACY_APP_KEY: "test-app-key-0123",
    FILES_HOST_URL: filesOrigin,
    LEGACY_TIMEOUT_MS: "3000",
    LOG_LEVEL: "warn",
  });
  cookie = await signIn("ana.martinez");
  otherCookie = await signIn("valentina.herrera");
}, 180_000);

async function signIn(user: string) {
  const login = await fetch(`${app.origin}/login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ email: `${user}@academia.test`, password: "Academia2026!" }),
  });
  expect(login.status).toBe(302);
  return cookiesOf(login);
}

afterAll(async () => {
  if (app) await stopApp(app);
  files?.close();
});

const page = (name: string, width = 1080, as = cookie) =>
  fetch(`${app.origin}/pdf-pages/${width}/storage/media/${name}.pdf/1.png`, { headers: { Cookie: as } });

describe("the built server under PDF bombs", () => {
  it("refuses each crafted file with 422 and a plain message, and draws the page of one whose huge image it leaves out", async () => {
    for (const name of ["inflate", "text-ops", "thin", "jbig2"]) {
      const response = await page(name);
      expect([name, response.status]).toEqual([name, 422]);
      expect(await response.text()).toBe("The page could not be drawn");
    }
    const drawn = await page("huge-image");
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get("Content-Type")).toBe("image/png");
  }, 60_000);

  it("keeps answering /healthz, and another learner's page and PDF page, while one learner asks for bombs again and again", async () => {
    const names = ["inflate", "text-ops", "thin", "jbig2", "huge-image"];
    const bombs = Promise.all([360, 720, 1080].flatMap((width) => names.map((name) => page(name, width).then((r) => r.status))));
    const health = await fetch(`${app.origin}/healthz`);
    const home = await fetch(`${app.origin}/`, { headers: { Cookie: otherCookie } });
    const normal = await page("page", 720, otherCookie);
    expect([health.status, home.status, normal.status]).toEqual([200, 200, 200]);
    expect((await bombs).every((status) => status === 422 || status === 200 || status === 429)).toBe(true);
    expect(app.child.exitCode).toBeNull();
  }, 60_000);
});
