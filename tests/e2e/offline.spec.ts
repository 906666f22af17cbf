import { type BrowserContext, expect, type Page } from "@playwright/test";
import type { Cable } from "./cable";
import {
  accounts,
  chooseLanguage,
  expectAccessible,
  mock,
  outboxRecords,
  runClockUntil,
  scaled,
  screenshot,
  showPdfPages,
  signIn,
  testWithServiceWorkers as test,
} from "./fixtures";
import { tapReachable } from "./touch";

/**
 * Issue #18: saving activities for offline use, and using them with no connection. The service
 * worker is allowed here only, each test in a browser of its own (`testWithServiceWorkers`); with
 * JavaScript off nothing of it exists.
 */

const ROUTE = "/learning-path/formacion-requerida";
const PDF = 207;
const SCORM = 203;

/** The browser offline, and no network under it either (cable.ts). */
async function goOffline(context: BrowserContext, cable: Cable) {
  await context.setOffline(true);
  cable.unplug();
}

async function goOnline(context: BrowserContext, cable: Cable) {
  cable.plug();
  await context.setOffline(false);
}

async function controlled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: scaled(15_000) })
    .toBe(true);
}

/** Ana signs in (the worker then controls the page) and saves the PDF from its player. */
async function signInAndSavePdf(page: Page) {
  await signIn(page);
  await controlled(page);
  await page.goto(`${ROUTE}/${PDF}`);
  await tapSave(page);
  await expect(status(page)).toHaveText("Guardada sin conexión", { timeout: scaled(30_000) });
}

/** What this browser keeps of a learner: saved entries, the recorded owner, IndexedDB databases (the outbox). */
async function savedState() {
  const saved = (await caches.has("academia-saved-v1")) ? (await (await caches.open("academia-saved-v1")).keys()).length : 0;
  const owner = Boolean(await caches.match("/__offline/owner"));
  return { saved, owner, databases: (await indexedDB.databases()).length };
}

const status = (page: Page) => page.locator("dialog .save-offline-status");
const playerState = (page: Page) => page.locator("dialog .player-meta .status");

/** The progress writes the legacy API received, in order. */
async function writes() {
  return (await mock.calls()).filter((call) => call.startsWith("POST /activities/"));
}

/** The writes of an activity waiting in the device's outbox, in order. */
async function waiting(page: Page, activity: number) {
  const records = (await outboxRecords(page)) as Array<{ activity: number; reports: Array<{ action: string }> }>;
  return records
    .filter((record) => record.activity === activity)
    .flatMap((record) => record.reports.map((report) => report.action));
}

/**
 * What opening and completing the PDF, then the SCORM package, offline keeps on the device: each
 * activity's writes in the order made (the package commits its data, then its score; the time
 * spent goes before finished; its LMSFinish then ends the attempt, which its data records,
 * decision 055).
 */
const OFFLINE_WRITES = {
  [PDF]: ["started", "update_time", "finished"],
  [SCORM]: ["started", "update_user_data", "update_points", "update_time", "finished", "update_user_data"],
};

/** The player's 'Guardar sin conexión', scrolled to within the dialog as the learner would, then tapped. */
async function tapSave(page: Page) {
  const button = page.locator("dialog").getByRole("button", { name: "Guardar sin conexión" });
  await button.scrollIntoViewIfNeeded();
  await tapReachable(button);
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "service workers need JavaScript");
  test.use({
    baseURL: async ({ cable }, use) => {
      await use(cable.origin);
    },
    serviceWorkers: "allow",
    hasTouch: true,
    viewport: { width: 360, height: 740 },
  });
  test.beforeEach(() => mock.reset());

  test("a saved PDF and SCORM package open and are completed with no connection; the legacy API gets their progress once, in order, when it returns", async ({
    page,
    context,
    cable,
  }, testInfo) => {
    test.setTimeout(scaled(120_000));
    await page.clock.install();
    await signIn(page);
    await controlled(page);
    for (const id of [PDF, SCORM]) {
      await page.goto(`${ROUTE}/${id}`);
      await tapSave(page);
      await expect(status(page)).toHaveText("Guardada sin conexión", { timeout: scaled(30_000) });
    }
    await expectAccessible(page);
    await screenshot(page, testInfo, "offline-saved");

    await page.goto("/downloads");
    const list = page.locator(".downloads-list li");
    await expect(list).toHaveCount(2);
    await expect(page.getByText(/Usas .* de los .* que este dispositivo permite/)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "offline-downloads");

    // Opening each player to save it started both online: what follows is made offline.
    const online = await writes();
    await goOffline(context, cable);
    await page.goto(`${ROUTE}/${PDF}`);
    const dialog = page.locator("dialog.route-dialog");
    // A phone opens it on its text (issue #29 item 4); the first page's image loads behind it all the same.
    await expect(dialog.getByRole("region", { name: "Texto del documento" })).toContainText("¿Qué es la auditoría interna?");
    await showPdfPages(page);
    await expect
      .poll(() => dialog.getByRole("img", { name: "Página 1 de 2" }).evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.locator(".connection-status")).toHaveText("Sin conexión");
    await expect(playerState(page)).toHaveText("Iniciado · se enviará al reconectar");
    // A PDF is done 15 s after it shows (spec §4), on the page's clock.
    await runClockUntil(page, 15_000, () => expect.poll(() => waiting(page, PDF), { timeout: 2_000 }).toContain("finished"));

    await page.goto(`${ROUTE}/${SCORM}`);
    const frame = page.frameLocator(".scorm-frame");
    await expect(frame.getByRole("heading", { name: "2. Las tres líneas" })).toBeVisible();
    await frame.getByRole("button", { name: "Siguiente" }).tap();
    await expect(frame.getByRole("heading", { name: "3. El hallazgo" })).toBeVisible();
    // Two seconds in the package, on the page's clock: its time spent (from a second on) is kept too.
    await page.clock.runFor(2_000);
    await frame.getByRole("button", { name: "Finalizar" }).tap();
    await expect(frame.getByText("¡Curso completado!")).toBeVisible();
    await expect(playerState(page)).toHaveText("Completado · se enviará al reconectar");
    await expect.poll(() => waiting(page, SCORM), { timeout: scaled(10_000) }).toContain("finished");
    expect(await waiting(page, PDF)).toEqual(OFFLINE_WRITES[PDF]);
    expect(await waiting(page, SCORM)).toEqual(OFFLINE_WRITES[SCORM]);

    await page.goto("/ranking");
    await expect(page.getByRole("heading", { name: "Estás sin conexión" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Plantilla de papel de trabajo" })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "offline-page");
    expect(await writes()).toEqual(online);

    await goOnline(context, cable);
    await page.goto("/");
    await expect(page.getByText("Se envió el avance que tenías sin conexión.")).toBeVisible({ timeout: scaled(15_000) });
    // Nothing is left on the device to send again.
    await expect.poll(() => outboxRecords(page)).toEqual([]);
    expect((await writes()).slice(online.length)).toEqual(
      [...OFFLINE_WRITES[PDF], ...OFFLINE_WRITES[SCORM]].map((action) => `POST /activities/${action}`),
    );
    expect(await outboxRecords(page)).toEqual([]);
    for (const id of [PDF, SCORM]) {
      const records = await mock.activityRecords(id);
      expect(records).toHaveLength(1);
      expect(records[0]?.finalized).toBeTruthy();
    }
  });

  test("another learner on the same browser sees nothing of the first one's saved content", async ({ page, context, cable }) => {
    test.setTimeout(scaled(60_000));
    await signInAndSavePdf(page);
    await page.goto("/profile");
    await page.locator("footer").getByRole("button", { name: "Cerrar sesión" }).tap();
    await expect(page).toHaveURL(/\/welcome$/);
    // Clear-Site-Data took the saved pages and files, the owner and the outbox; what the welcome
    // page loads since is the app's public code.
    expect(await page.evaluate(savedState)).toEqual({ saved: 0, owner: false, databases: 0 });

    await signIn(page, accounts.leader.email);
    // Clear-Site-Data took the worker too: the one the welcome page registered again controls the
    // page before the connection goes, or there is nothing to answer offline.
    await controlled(page);
    await page.goto("/downloads");
    await expect(page.getByText("Aún no has guardado nada.", { exact: false })).toBeVisible();
    // Nothing saved: no storage figure beside it (the app's own files made it read 'Usas 2,2 MB').
    await expect(page.getByText(/Usas .* de los/)).toHaveCount(0);
    await goOffline(context, cable);
    await page.goto(`${ROUTE}/${PDF}`);
    await expect(page.getByRole("heading", { name: "Estás sin conexión" })).toBeVisible();
    await expect(page.getByText("No tienes actividades guardadas en este dispositivo.")).toBeVisible();
    await goOnline(context, cable);
  });

  test("a learner whose session ended without signing out leaves nothing to the next one", async ({ page, context }) => {
    test.setTimeout(scaled(60_000));
    await signInAndSavePdf(page);
    await context.clearCookies();
    await signIn(page, accounts.leader.email, { at: "/downloads" });
    await expect(page.getByText("Aún no has guardado nada.", { exact: false })).toBeVisible();
    await page.goto(`${ROUTE}/${PDF}`);
    await expect(page.locator("dialog").getByRole("button", { name: "Guardar sin conexión" })).toBeVisible();
  });

  test("'Guardar ruta' shows the total size first, then saves every activity that can be saved", async ({ page }, testInfo) => {
    test.setTimeout(scaled(90_000));
    await signIn(page, accounts.learner.email, { at: ROUTE });
    await tapReachable(page.getByRole("button", { name: "Guardar ruta" }));
    const question = page.getByText(/^Se descargarán unos [\d,.]+ (kB|MB)\. ¿Quieres continuar\?$/);
    await expect(question).toBeVisible({ timeout: scaled(30_000) });
    await expect(page.getByRole("button", { name: "Descargar" })).toBeFocused();
    await expectAccessible(page);
    await screenshot(page, testInfo, "offline-route-size");
    await tapReachable(page.getByRole("button", { name: "Descargar" }));
    await expect(page.locator(".save-offline-status")).toHaveText("Ruta guardada sin conexión", { timeout: scaled(60_000) });
    await page.goto("/downloads");
    // The route's PDFs, SCORM packages, image, audio and video; not its external link nor the locked escape room.
    // The list is read from the browser's storage once the page's scripts run.
    await expect(page.getByRole("link", { name: "Plantilla de papel de trabajo" })).toBeVisible();
    const titles = await page.locator(".downloads-title").allInnerTexts();
    expect(titles).toContain("Plantilla de papel de trabajo");
    expect(titles).toContain("Taller de riesgos (eLearning)");
    expect(titles).not.toContain("Video: muestreo en auditoría");
    expect(titles.some((title) => title.startsWith("Escape Room"))).toBe(false);
  });

  test("a save left mid-way goes on after the player closes, and toasts say so, then that it is in Descargas (issue #29 item 7)", async ({
    page,
    context,
  }, testInfo) => {
    await signIn(page, accounts.learner.email, { at: `${ROUTE}/${PDF}` });
    await controlled(page);
    // The PDF's file is held, as a slow network holds it, so the save is mid-way when the player closes.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/files\/.*\.pdf/, async (route) => {
      await held;
      await route.continue();
    });
    await tapSave(page);
    await expect(status(page)).toHaveText(/^Guardando… \d+ %$/);
    await page.locator("dialog").getByRole("link", { name: "Cerrar" }).tap();
    await expect(page.locator("dialog")).toHaveCount(0);
    const toasts = page.getByRole("region", { name: "Avisos" });
    await expect(toasts).toContainText("Seguimos guardando para usar sin conexión; te avisaremos al terminar.");
    await expectAccessible(page);
    await screenshot(page, testInfo, "offline-save-continues", { fullPage: false });
    release();
    await expect(toasts).toContainText("Actividad guardada sin conexión: está en Descargas.", { timeout: scaled(30_000) });
    await page.goto("/downloads");
    await expect(page.getByRole("link", { name: "Plantilla de papel de trabajo" })).toBeVisible();
  });

  test("installable: Chromium finds nothing against installing, a worker controls the start URL, which answers offline", async ({
    page,
    context,
    cable,
  }) => {
    await signIn(page);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // Chromium checks the manifest (names, icons, start URL, display) and the worker; a test
    // profile is always incognito, which is the one thing it may say.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.active?.scriptURL)).toMatch(
      /\/sw\.js$/,
    );
    await goOffline(context, cable);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Estás sin conexión" })).toBeVisible();
    await goOnline(context, cable);
  });
  test("in English: the save button, Descargas and the offline page speak the learner's language", async ({
    page,
    context,
    cable,
  }, testInfo) => {
    test.setTimeout(scaled(60_000));
    await signIn(page);
    await controlled(page);
    await chooseLanguage(page, "en", testInfo);
    await page.goto(`${ROUTE}/${PDF}`);
    const save = page.locator("dialog").getByRole("button", { name: "Save for offline" });
    await save.scrollIntoViewIfNeeded();
    await tapReachable(save);
    await expect(status(page)).toHaveText("Saved for offline", { timeout: scaled(30_000) });
    await page.goto("/downloads");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Downloads");
    await expect(page.getByRole("button", { name: "Delete Plantilla de papel de trabajo" })).toBeVisible();
    await goOffline(context, cable);
    await page.goto("/ranking");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: "Plantilla de papel de trabajo" })).toBeVisible();
    await goOnline(context, cable);
  });

  test.describe("with the browser's Save-Data", () => {
    test.use({ extraHTTPHeaders: { "Save-Data": "on" } });

    test("under Save-Data nothing downloads in the background, and saving warns of its size first", async ({ page }) => {
      test.setTimeout(scaled(60_000));
      const fetched: string[] = [];
      page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
      await signIn(page, accounts.learner.email, { at: `${ROUTE}/${PDF}` });
      await page.waitForLoadState("networkidle");
      // No worker was fetched or registered: it would download in the background.
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
      expect(fetched.filter((path) => path === "/sw.js" || path.startsWith("/offline-files/"))).toEqual([]);
      await tapSave(page);
      await expect(
        page.getByText(
          /^Tienes activado el ahorro de datos\. Guardar descargará unos [\d,.]+ (kB|MB) ahora\. ¿Quieres continuar\?$/,
        ),
      ).toBeVisible({ timeout: scaled(30_000) });
      expect(fetched.filter((path) => path.startsWith("/pdf-pages/") && !path.includes("/720/"))).toEqual([]);
      await page.getByRole("button", { name: "Cancelar" }).tap();
      expect(
        await page.evaluate(
          async () => (await caches.has("academia-saved-v1")) && (await (await caches.open("academia-saved-v1")).keys()).length,
        ),
      ).toBeFalsy();
    });
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the page as the server sends it");

  test("nothing offers saving, and Descargas says it needs JavaScript", async ({ page }) => {
    await signIn(page, accounts.learner.email, { at: `${ROUTE}/${PDF}` });
    await expect(page.getByRole("region", { name: "Texto del documento" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Guardar sin conexión" })).toHaveCount(0);
    await page.goto(ROUTE);
    await expect(page.getByRole("button", { name: "Guardar ruta" })).toHaveCount(0);
    await page.goto("/downloads");
    await expect(page.getByText("Para guardar actividades sin conexión, activa JavaScript en tu navegador.")).toBeVisible();
  });
});
