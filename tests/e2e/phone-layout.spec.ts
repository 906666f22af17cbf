import type { Locator, Page } from "@playwright/test";
import { accounts, expect, mock, signIn, test } from "./fixtures";

/**
 * What a 360 px phone (and the spec's smallest, 320 px) shows whole (issue #14 item 21): ranking
 * names on two lines rather than cut, every guest section in view, the trivia's question inside
 * its card, and a tap shown on the control tapped. JavaScript on and off.
 */

test.beforeEach(async () => {
  await mock.reset();
});

/** Whether the element's text is cut (an ellipsis or a hidden overflow). */
const isCut = (locator: Locator) => locator.evaluate((element) => element.scrollWidth > element.clientWidth);

test("ranking names are never cut: a long one takes two lines", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/ranking" });
  const names = page.locator(".ranking-name");
  await expect(names.first()).toBeVisible();
  for (const name of await names.all()) expect(await isCut(name), await name.innerText()).toBe(false);
  const javier = page.locator(".ranking-name", { hasText: "Javier López" });
  await expect(javier).toHaveText("Javier López");
  const box = await javier.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(30);
});

async function expectNavInView(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const links = page.getByRole("navigation").first().getByRole("link");
  expect(await links.count()).toBe(5);
  const rows = new Map<number, number>();
  for (const link of await links.all()) {
    const box = await link.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width, await link.innerText()).toBe(true);
    const top = Math.round(box?.y ?? 0);
    rows.set(top, (rows.get(top) ?? 0) + 1);
  }
  // Wrapped, the rows are even: no section left alone on the last one ('Partner' was, at 360 px).
  expect(Math.min(...rows.values()), `links per row: ${[...rows.values()]}`).toBeGreaterThan(rows.size > 1 ? 1 : 0);
}

test("every guest section is in view at 360 and at 320 px", async ({ page }) => {
  await page.goto("/welcome");
  await expectNavInView(page);
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNavInView(page);
  await expect(page.getByRole("link", { name: "Partner" })).toBeInViewport();
});

test("the trivia's question sits inside its card", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/trivia/1" });
  const card = page.locator("fieldset.trivia-question").first();
  const legend = card.locator("legend");
  await expect(legend).toContainText("Pregunta 1 de 4");
  const [cardBox, legendBox] = await Promise.all([card.boundingBox(), legend.boundingBox()]);
  expect(legendBox?.y ?? 0).toBeGreaterThan((cardBox?.y ?? 0) + 4);
});

test("a tap shows on the control itself: no grey square behind it, a shade within its own corners while pressed", async ({
  page,
}) => {
  await signIn(page, accounts.learner.email, { at: "/trivia/1" });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  // An answer first: with JavaScript, 'Continuar' waits for one (a disabled button shows no press).
  await page.locator(".trivia-option input").first().check();
  for (const selector of [".trivia-option", ".trivia-form .button-primary", ".app-header .header-button"]) {
    const control = page.locator(selector).first();
    await expect(control, selector).toBeVisible();
    const look = () =>
      control.evaluate((element) => {
        const style = getComputedStyle(element);
        return { tap: style.getPropertyValue("-webkit-tap-highlight-color"), shade: style.backgroundImage };
      });
    expect(await look(), selector).toEqual({ tap: "rgba(0, 0, 0, 0)", shade: "none" });
    // What Chromium sets under a finger, held (a tap is over before it could be read).
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    await cdp.send("CSS.forcePseudoState", { nodeId, forcedPseudoClasses: ["active"] });
    expect((await look()).shade, selector).toMatch(/^linear-gradient\(rgba\(0, 0, 0, 0\.12\)/);
    await cdp.send("CSS.forcePseudoState", { nodeId, forcedPseudoClasses: [] });
  }
});
