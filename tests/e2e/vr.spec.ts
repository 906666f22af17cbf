import type { Page } from "@playwright/test";
import { accounts, accessibilityViolations, chooseLanguage, expect, jsEnabled, mock, screenshot, signIn, test } from "./fixtures";
import { expectNoSidewaysScroll, tapReachable } from "./touch";

/**
 * Issue #14 item 11: 'Experiencia VR' opens the PIN in a dialog over the page it was opened from
 * (that page's URL with `?vr`), and every way of closing it leaves the learner on that page with
 * the PIN gone. On a touch screen, JavaScript on and off.
 */
test.use({ hasTouch: true });
test.beforeEach(() => mock.reset());
test.afterEach(() => mock.setFaults({ missingPaths: [] }));

const vrLink = (page: Page, name = "Experiencia VR") => page.locator(".app-header").getByRole("link", { name });
const vrDialog = (page: Page, name: string | RegExp = "Experiencia VR") =>
  page.locator("dialog[open]").filter({ has: page.getByRole("heading", { name, level: 2 }) });
const escaped = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Taps 'Experiencia VR' on `path` and checks the PIN shows over that page. */
async function openVrOn(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await tapReachable(vrLink(page));
  await expect(page).toHaveURL(new RegExp(`${escaped(path)}\\?vr$`));
  const dialog = vrDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Tu PIN es \d( \d){5}$/)).toBeAttached();
  await expect(dialog.locator(".pin-digit")).toHaveCount(6);
  await expect(page.locator("main h1")).toHaveText(heading);
  return dialog;
}

/** Closed: back on the page it was opened from (`heading` its title; null: a player's document, no page under it), and no PIN left in the document. */
async function expectClosedOn(page: Page, path: string, heading: string | RegExp | null) {
  await expect(page).toHaveURL(new RegExp(`${escaped(path)}$`));
  await expect(vrDialog(page, /^(Experiencia VR|VR Experience)$/)).toHaveCount(0);
  await expect(page.locator("dialog .pin")).toHaveCount(0);
  await expect(page.getByText(/^Tu PIN es/)).toHaveCount(0);
  if (heading === null) await expect(page.locator("main h1")).toHaveCount(0);
  else await expect(page.locator("main h1")).toHaveText(heading);
}

test("opened from the ranking and from a learning path, the PIN shows over that page and × goes back to it", async ({
  page,
}, testInfo) => {
  await signIn(page);
  for (const [path, heading] of [
    ["/ranking", "Mejores rankings"],
    ["/learning-path/formacion-requerida", /Formación Requerida/i],
  ] as const) {
    const dialog = await openVrOn(page, path, heading);
    await tapReachable(dialog.getByRole("link", { name: "Cerrar" }));
    await expectClosedOn(page, path, heading);
  }
  if (jsEnabled(testInfo)) {
    // Closing went back a step: Back now leaves the learning path, it does not reopen the PIN.
    await page.goBack();
    await expect(page).toHaveURL(/\/ranking$/);
    await expect(vrDialog(page)).toHaveCount(0);
  }
});

test("Escape, a tap on the backdrop and the browser's Back close it, each back to the page", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the dialog is part of the page; its × is a link back to it");
  await signIn(page);
  const profile = "/profile";
  const heading = "Perfil colaborador";

  await openVrOn(page, profile, heading);
  await page.keyboard.press("Escape");
  await expectClosedOn(page, profile, heading);
  await expect(vrLink(page)).toBeFocused();

  const dialog = await openVrOn(page, profile, heading);
  const box = await dialog.boundingBox();
  if (!box) throw new Error("the dialog has no box");
  // Below the dialog, on the backdrop; a tap inside it keeps it open.
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await expect(dialog).toBeVisible();
  await page.touchscreen.tap(box.x + box.width / 2, Math.min(box.y + box.height + 40, 730));
  await expectClosedOn(page, profile, heading);

  await openVrOn(page, profile, heading);
  await page.goBack();
  await expectClosedOn(page, profile, heading);
  await page.goForward();
  // Forward reopens it with the PIN fetched again, never one kept from before.
  await expect(vrDialog(page).locator(".pin-digit")).toHaveCount(6);
});

test("when the legacy API fails for the PIN the dialog says so in the learner's language, the page still works, and Reintentar shows it", async ({
  page,
}, testInfo) => {
  await signIn(page);
  await mock.setFaults({ missingPaths: ["/general/pin_vr"] });
  await page.goto("/notifications");
  await tapReachable(vrLink(page));
  const dialog = vrDialog(page);
  await expect(dialog.getByRole("alert")).toContainText("No pudimos obtener tu PIN en este momento.");
  await expect(dialog.getByText(/^Código de referencia: [0-9a-f-]{36}$/)).toBeVisible();
  await expect(page.locator("main h1")).toHaveText("Notificaciones");
  await expect(page.locator(".notification").first()).toBeAttached();
  await tapReachable(dialog.getByRole("link", { name: "Cerrar" }));
  await expectClosedOn(page, "/notifications", "Notificaciones");

  await chooseLanguage(page, "en", testInfo);
  await tapReachable(vrLink(page, "VR Experience"));
  const english = vrDialog(page, "VR Experience");
  await expect(english.getByRole("alert")).toContainText("We could not get your PIN right now.");
  await expect(english.getByText(/^Reference code: [0-9a-f-]{36}$/)).toBeVisible();
  await mock.setFaults({ missingPaths: [] });
  await tapReachable(english.getByRole("link", { name: "Try again" }));
  await expect(english.getByText(/^Your PIN is \d( \d){5}$/)).toBeAttached();
  await expect(english.getByRole("alert")).toHaveCount(0);
  if (jsEnabled(testInfo)) await expect(english.getByText(/^Enter this PIN/)).toBeFocused();
  await expect(page).toHaveURL(/\/notifications\?vr$/);
});

test("the /vr bookmark opens the PIN over home, and closing it leaves home", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/vr" });
  await expect(page).toHaveURL(/\/\?vr$/);
  const dialog = vrDialog(page);
  await expect(dialog.locator(".pin-digit")).toHaveCount(6);
  await expect(page.locator("main h1")).toContainText("Bienvenido a la Academia");
  await tapReachable(dialog.getByRole("link", { name: "Cerrar" }));
  await expectClosedOn(page, "/", /Bienvenido a la Academia/);
});

test("over a player, the PIN opens on top and closes back to the player, which does not start again", async ({
  page,
}, testInfo) => {
  await signIn(page);
  const player = "/learning-path/formacion-requerida/205";
  const startedCalls = async () => (await mock.calls()).filter((call) => call === "POST /activities/started").length;
  await page.goto(player);
  const playerDialog = page.locator("dialog.route-dialog").filter({ has: page.locator(".player") });
  await expect(playerDialog).toBeVisible();
  // With JavaScript the player says `started` on opening; without it, only its 'Iniciar' form does.
  const started = jsEnabled(testInfo) ? 1 : 0;
  await expect.poll(startedCalls).toBe(started);
  // The header sits behind the modal player; the app navigates as the link's click would.
  await page.locator(".app-header a.header-button").dispatchEvent("click");
  await expect(page).toHaveURL(new RegExp(`${escaped(player)}\\?vr$`));
  const dialog = vrDialog(page);
  await expect(dialog.locator(".pin-digit")).toHaveCount(6);
  await expect(playerDialog).toBeVisible();
  const onTop = await dialog.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(onTop).toBe(true);
  await tapReachable(dialog.getByRole("link", { name: "Cerrar" }));
  // Opened by its address, the player's document is the player: no route page under it (issue #31).
  await expectClosedOn(page, player, null);
  await expect(playerDialog).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await startedCalls()).toBe(started);
});

test("the open dialog passes axe and fits 320 and 360 px without sideways scroll", async ({ page }, testInfo) => {
  await signIn(page);
  const dialog = await openVrOn(page, "/ranking", "Mejores rankings");
  expect(await accessibilityViolations(page, { anyImpact: true })).toEqual([]);
  for (const [width, height] of [
    [360, 740],
    [320, 640],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
    );
    await screenshot(page, testInfo, `vr-dialog-${width}`, { fullPage: false });
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth), `${width} px`).toBeLessThanOrEqual(0);
    const box = await dialog.locator(".pin").boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, `the PIN fits ${width} px`).toBe(true);
    const lines = await dialog
      .locator(".pin-digit")
      .evaluateAll((digits) => new Set(digits.map((digit) => digit.getBoundingClientRect().top)).size);
    expect(lines, `the PIN reads on one line at ${width} px`).toBe(1);
  }
  await expectNoSidewaysScroll(page);
});
