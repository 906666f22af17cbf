import { expect, expectAccessible, mock, screenshot, signIn, test } from "./fixtures";

test.beforeEach(async () => {
  await mock.reset();
});

test("'Experiencia VR' shows the learner's PIN", async ({ page }, testInfo) => {
  await signIn(page);
  await page.locator(".app-header").getByRole("link", { name: "Experiencia VR" }).click();
  await expect(page).toHaveURL(/\/vr$/);
  await expect(page.getByRole("heading", { name: "Experiencia VR", level: 1 })).toBeVisible();
  await expect(page.getByText(/^Tu PIN es \d( \d){3,}$/)).toBeAttached();
  expect(await page.locator(".pin-digit").count()).toBeGreaterThanOrEqual(4);
  await expectAccessible(page);
  await screenshot(page, testInfo, "vr");
  await page.getByRole("main").getByRole("link", { name: "Cerrar", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});
