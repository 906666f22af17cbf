import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Taps `target` as a finger would, after checking that it is really there to be tapped: with the
 * window (never an inner box) scrolled to it, the point at its centre belongs to it. Playwright's
 * own `click`/`tap` scroll inside clipped overflow, so they pass on a button a person cannot reach.
 */
export async function tapReachable(target: Locator) {
  await expect(target).toBeVisible();
  const reachable = await target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    window.scrollBy(0, rect.top + rect.height / 2 - window.innerHeight / 2);
    const after = element.getBoundingClientRect();
    const hit = document.elementFromPoint(after.left + after.width / 2, after.top + after.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  expect(reachable, "the element's centre is covered or clipped").toBe(true);
  await target.tap();
}

/** No sideways scroll: the page is no wider than the viewport at `width` (the spec's 320 and 360 px). */
export async function expectNoSidewaysScroll(page: Page, widths: number[] = [320, 360]) {
  const original = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: original?.height ?? 740 });
    // Measured at rest: a toast sliding in is not the layout.
    const overflow = await page.evaluate(async () => {
      await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
      return document.documentElement.scrollWidth - document.documentElement.clientWidth;
    });
    expect(overflow, `sideways scroll at ${width} px on ${page.url()}`).toBeLessThanOrEqual(0);
  }
  if (original) await page.setViewportSize(original);
}
