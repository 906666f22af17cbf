import { accounts, expect, mock, signIn, test } from "./fixtures";

/**
 * Dialog routes (spec §2): closing one goes back a step, so Back after closing never reopens it
 * (issue #14 item 6: Back reopened the player and sent `started` again). Taps on a touch screen.
 */

test.use({ hasTouch: true });

test.beforeEach(async ({ javaScriptEnabled }) => {
  test.skip(javaScriptEnabled === false, "without JavaScript × is a plain link to the page underneath");
  await mock.reset();
});

const startedCalls = async () => (await mock.calls()).filter((call) => call === "POST /activities/started").length;

test("closing the player with × or Escape goes back a step; Back does not reopen it", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/ranking" });
  await page.goto("/learning-path/formacion-requerida");
  const dialog = page.locator("dialog.route-dialog");
  const card = page
    .locator("article.activity-card")
    .filter({ has: page.locator('a[href="/learning-path/formacion-requerida/205"]') });

  await card.getByRole("link").tap();
  await expect(page).toHaveURL(/\/formacion-requerida\/205$/);
  await expect(dialog).toBeVisible();
  await expect.poll(startedCalls).toBe(1);
  await dialog.getByRole("link", { name: "Cerrar" }).tap();
  await expect(page).toHaveURL(/\/learning-path\/formacion-requerida$/);
  await expect(dialog).toHaveCount(0);

  await card.getByRole("link").tap();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/learning-path\/formacion-requerida$/);
  await expect(dialog).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/ranking$/);
  await expect(dialog).toHaveCount(0);
  expect(await startedCalls()).toBe(2);
});

test("a player opened from a shared link closes to the page underneath, in place of the link", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/102" });
  const dialog = page.locator("dialog.route-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Cerrar" }).tap();
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog).toHaveCount(0);
  await page.goBack();
  await expect(page).not.toHaveURL(/\/102$/);
});

test("closing a notification goes back to the list; Back leaves the list", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/ranking" });
  await page.goto("/notifications");
  await page.locator(".notification .notification-button").first().tap();
  await expect(page).toHaveURL(/\/notifications\/\d+$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Cerrar" }).tap();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(dialog).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/ranking$/);
});
