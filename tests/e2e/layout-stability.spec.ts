import type { Page } from "@playwright/test";
import { expect, jsEnabled, signIn, test } from "./fixtures";

/**
 * Nothing on a page moves when its scripts start or its media loads (issue #31 item 5): the
 * server's HTML is laid out as the running page is. Each of these moved before: the PDF's text
 * reflowed when the dialog became modal (so its largest paint came after hydration), the
 * footer's language button went, the profile's 'Descargas' came, a video took its size late.
 */

test.use({ viewport: { width: 412, height: 823 }, hasTouch: true });

test.beforeEach(async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without scripts nothing is replaced after the first paint");
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
});

/** Loaded, hydrated (the footer's button for pages without scripts is gone) and drawn once more. */
async function settled(page: Page) {
  await expect(page.locator(".language-select button[type=submit]")).toHaveCount(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);

test("home, a route page, the profile and the PDF and SCORM players do not move once drawn", async ({ page }) => {
  await signIn(page);
  for (const path of ["/", "/learning-path/formacion-inicial", "/profile", "/103", "/106"]) {
    await page.goto(path);
    await settled(page);
    expect(await shiftsOf(page), path).toEqual([]);
  }
});

test("a video keeps its box while it loads", async ({ page }) => {
  await signIn(page);
  await page.goto("/101");
  await expect.poll(() => page.locator("video").evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThan(0);
  await settled(page);
  expect(await shiftsOf(page)).toEqual([]);
});
