import type { Page } from "@playwright/test";
import {
  accounts,
  chooseLanguage,
  expect,
  expectAccessible,
  jsEnabled,
  mock,
  runClockUntil,
  screenshot,
  showPdfPages,
  signIn,
  test,
} from "./fixtures";

/**
 * Issue #29 item 4: a PDF reads on a phone. A narrow screen opens on the reading view, each page's
 * text reflowed at the body's font size; a scanned page says so and stays an image; 'Ver las
 * páginas' shows the pages drawn for the screen's pixel ratio, which a pinch makes the browser
 * fetch larger. Activity 202's file is a page of text, then a scan (tests/fixtures/mock-pdfs.ts).
 */

test.beforeEach(async () => {
  await mock.reset();
});

const PDF = "/learning-path/formacion-requerida/202";
const dialogOf = (page: Page) => page.locator("dialog.route-dialog");

test.describe("on a phone", () => {
  test.use({ hasTouch: true, isMobile: true, deviceScaleFactor: 2, viewport: { width: 360, height: 740 } });

  test("opens on the text, reflowed at the body's size; a scanned page says so and stays an image; the pages are a tap away", async ({
    page,
  }, testInfo) => {
    if (jsEnabled(testInfo)) await page.clock.install();
    const firstPageFetches: string[] = [];
    page.on("request", (request) => {
      if (/^\/pdf-pages\/\d+\/.+\/1\.(webp|png)$/.test(new URL(request.url()).pathname)) firstPageFetches.push(request.url());
    });
    await signIn(page, accounts.learner.email, { at: PDF });
    const dialog = dialogOf(page);
    const reading = dialog.getByRole("region", { name: "Texto del documento" });
    await expect(reading).toBeVisible();
    await expect(reading.getByRole("heading", { name: "Página 1 de 2" })).toBeVisible();
    // The file's lines make paragraphs again, the word cut at a line's end whole.
    const paragraph = reading.getByText(/^El riesgo se mide por su impacto/);
    await expect(paragraph).toHaveText(
      "El riesgo se mide por su impacto y su probabilidad. Cada riesgo identificado se califica de 1 a 5 en ambas dimensiones y se ubica en la matriz de calor.",
    );
    const [text, body] = await Promise.all([
      paragraph.evaluate((element) => getComputedStyle(element).fontSize),
      page.evaluate(() => getComputedStyle(document.body).fontSize),
    ]);
    expect(text).toBe(body);
    // Nothing of it scrolls sideways at 360 px.
    expect(await reading.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const scanned = reading.getByRole("article", { name: "Página 2 de 2" });
    await expect(scanned).toContainText("Página escaneada: no tiene texto que leer, se muestra como imagen.");
    const scan = scanned.getByRole("img", { name: "Página 2 de 2" });
    await scan.scrollIntoViewIfNeeded();
    await expect.poll(() => scan.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await expect(dialog.locator(".pdf-pages")).toBeHidden();
    // With JavaScript the view it opened on is the radio checked; without, neither is until one is chosen.
    if (jsEnabled(testInfo)) await expect(dialog.getByRole("radio", { name: "Leer como texto" })).toBeChecked();
    await expectAccessible(page);
    await reading.getByRole("heading", { name: "Página 1 de 2" }).scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, "player-pdf-reading", { fullPage: false });
    await page.setViewportSize({ width: 320, height: 640 });
    await screenshot(page, testInfo, "player-pdf-reading-320", { fullPage: false });
    await page.setViewportSize({ width: 360, height: 740 });

    if (jsEnabled(testInfo)) {
      // The PDF's 15 s run in the reading view too, on the page's clock.
      await runClockUntil(page, 15_000, () =>
        expect(dialog.locator(".player-meta .status")).toHaveText("Completado", { timeout: 2_000 }),
      );
    }

    // The hidden pages' first image waited (lazy: a browser without scripting loads it anyway).
    if (jsEnabled(testInfo)) expect(firstPageFetches).toEqual([]);
    await dialog.getByRole("radio", { name: "Ver las páginas" }).tap();
    await expect(reading).toBeHidden();
    const first = dialog.getByRole("img", { name: "Página 1 de 2" });
    await expect(first).toBeVisible();
    await expect.poll(() => firstPageFetches.length).toBeGreaterThan(0);
    // Drawn for the screen: 296 CSS px at 2× asks for a render of at least 592 px (720).
    await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/pdf-pages\/(720|1080)\//);
    await dialog.getByRole("radio", { name: "Leer como texto" }).tap();
    await expect(reading).toBeVisible();
    await expect(first).toBeHidden();
  });

  test("a pinch makes the pages ask for a larger render, so they stay sharp", async ({ page }, testInfo) => {
    test.skip(
      !jsEnabled(testInfo),
      "the render follows a pinch with JavaScript; without it each page links to its largest render",
    );
    await signIn(page, accounts.learner.email, { at: PDF });
    await showPdfPages(page);
    const first = dialogOf(page).getByRole("img", { name: "Página 1 de 2" });
    await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const before = await first.evaluate((image: HTMLImageElement) => image.currentSrc);
    // A pinch to 2.5 ×, as the browser's own page scale (what a pinch changes).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setPageScaleFactor", { pageScaleFactor: 2.5 });
    await expect.poll(() => page.evaluate(() => window.visualViewport?.scale ?? 1)).toBeGreaterThan(1.2);
    await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/pdf-pages\/(1440|2160)\//);
    expect(before).toMatch(/\/pdf-pages\/(720|1080)\//);
  });

  test("speaks English", async ({ page }, testInfo) => {
    await signIn(page);
    await chooseLanguage(page, "en", testInfo);
    await page.goto(PDF);
    const dialog = dialogOf(page);
    await expect(dialog.getByRole("group", { name: "How to view the document" })).toBeVisible();
    const reading = dialog.getByRole("region", { name: "The document's text" });
    await expect(reading.getByRole("article", { name: "Page 2 of 2" })).toContainText(
      "A scanned page: it has no text to read, so it shows as an image.",
    );
    await expect(dialog.getByRole("radio", { name: "See the pages" })).toBeVisible();
  });
});

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("opens on the pages; 'Leer como texto' reflows them", async ({ page }) => {
    await signIn(page, accounts.learner.email, { at: PDF });
    const dialog = dialogOf(page);
    await expect(dialog.getByRole("img", { name: "Página 1 de 2" })).toBeVisible();
    await expect(dialog.getByRole("region", { name: "Texto del documento" })).toBeHidden();
    await dialog.getByRole("radio", { name: "Leer como texto" }).check();
    await expect(dialog.getByRole("region", { name: "Texto del documento" })).toContainText("matriz de calor.");
    await expect(dialog.getByRole("img", { name: "Página 1 de 2" })).toBeHidden();
    await expectAccessible(page);
  });
});
