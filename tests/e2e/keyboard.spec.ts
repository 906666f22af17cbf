import type { Locator, Page } from "@playwright/test";
import { accounts, expect, mock, PASSWORD, scaled, test } from "./fixtures";

/**
 * Keyboard only (issue #7), JavaScript on: sign in, open a route, open and close an activity, send
 * a support request. After the first page load nothing is clicked: Tab, Shift+Tab, arrows, Enter,
 * Space and Escape only. Dialogs must keep the focus inside and give it back to their opener.
 */
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "keyboard dialogs are the JavaScript ones");

test.beforeEach(async () => {
  await mock.reset();
  await mock.markBadgesSeen(accounts.learner.email);
});

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab until `target` has the focus (a keyboard user's way to reach it). */
async function tabTo(page: Page, target: Locator, max = 120) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Tabs forward and back through an open dialog: the focus never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (const key of [...Array<string>(12).fill("Tab"), ...Array<string>(12).fill("Shift+Tab")]) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
}

test("sign in, open a route, play and close an activity, send a support request", async ({ page }) => {
  test.setTimeout(scaled(90_000));
  await page.goto("/login");
  await tabTo(page, page.getByLabel("Usuario"));
  await page.keyboard.type(accounts.learner.email);
  await tabTo(page, page.getByLabel("Contraseña", { exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);

  const route = page.getByRole("link", { name: "Ver detalles" }).first();
  await tabTo(page, route);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/learning-path\/[^/]+$/);
  const path = new URL(page.url()).pathname;

  const activity = page.locator(`main a[href^="${path}/"]`).first();
  await tabTo(page, activity);
  await page.keyboard.press("Enter");
  const player = page.locator("dialog[open]");
  await expect(player).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${path}/\\d+$`));
  await expectFocusTrapped(page, player);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.locator("dialog[open]")).toHaveCount(0);
  await expect(activity).toBeFocused();

  await tabTo(page, page.getByRole("link", { name: "FAQ" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/faq$/);
  await tabTo(page, page.locator("main").getByRole("link", { name: "Soporte" }).first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/support$/);
  const opener = page.getByRole("link", { name: "Nueva solicitud" });
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Nueva solicitud" });
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel("Asunto"));
  await page.keyboard.type("No avanza la actividad con teclado");
  await tabTo(page, dialog.getByLabel("Sección de la app"));
  await page.keyboard.press("ArrowDown");
  await tabTo(page, dialog.getByLabel("Categoría", { exact: true }));
  await page.keyboard.press("ArrowDown");
  await tabTo(page, dialog.getByLabel("Subcategoría"));
  await page.keyboard.press("ArrowDown");
  await tabTo(page, dialog.getByLabel("Comentario"));
  await page.keyboard.type("Escape no cierra el reproductor en mi teléfono.");
  await tabTo(page, dialog.getByRole("button", { name: "Enviar" }));
  await page.keyboard.press("Enter");
  const send = dialog.getByRole("button", { name: "Continuar" });
  await expect(dialog.getByText("¿Enviar solicitud de soporte?")).toBeVisible();
  await tabTo(page, send);
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No avanza la actividad con teclado" })).toBeVisible();
});
