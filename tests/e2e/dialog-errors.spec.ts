import { accounts, chooseLanguage, expect, expectAccessible, jsEnabled, mock, screenshot, signIn, test } from "./fixtures";

/**
 * A dialog route that fails keeps the page it opened over (issue #15 item 3, decision 037): the
 * error reads inside the dialog, with the request id, and the dialog's close goes back to the page.
 */
test.use({ hasTouch: true });

test.beforeEach(async () => {
  await mock.reset();
});

test.afterEach(() => mock.setFaults({ missingPaths: [] }));

test("a notification that does not exist says so in a dialog over the list", async ({ page }, testInfo) => {
  const response = await signIn(page, accounts.learner.email, { at: "/notifications/999999" });
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Notificaciones" })).toBeVisible();
  const dialog = page.getByRole("dialog", { name: "No encontramos esta página." });
  await expect(dialog).toBeVisible();
  await expect(page.locator(".notification").first()).toBeAttached();
  await expectAccessible(page);
  await screenshot(page, testInfo, "dialog-error-not-found");
  await dialog.getByRole("link", { name: "Cerrar" }).tap();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Notificaciones" })).toBeVisible();
});

test("in English, the dialog's error reads in English", async ({ page }, testInfo) => {
  await signIn(page, accounts.learner.email, { at: "/notifications" });
  await chooseLanguage(page, "en", testInfo);
  await page.goto("/notifications/999999");
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const dialog = page.getByRole("dialog", { name: "We could not find this page." });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Close" }).tap();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("an activity that fails to open says so in its dialog, with or without JavaScript, and closes to the route page", async ({
  page,
}, testInfo) => {
  const js = jsEnabled(testInfo);
  await signIn(page, accounts.learner.email, { at: "/learning-path/formacion-requerida" });
  // Only the activity's loader reads the home lists: the route page behind the dialog stays up.
  await mock.setFaults({ missingPaths: ["/general/home_activities"] });
  const link = page.locator("article.activity-card a").first();
  const [failed] = await Promise.all([
    // With JavaScript, a route with a clientLoader fetches its data on its own: the player route's request is the one that failed.
    page.waitForResponse((response) =>
      js
        ? response.url().includes(".data") && decodeURIComponent(response.url()).includes("$slug.$activity")
        : response.request().resourceType() === "document",
    ),
    link.tap(),
  ]);
  const id = failed.headers()["x-request-id"] ?? "";
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  // With JavaScript the route page stays behind the dialog; without it the document is the
  // player's, with no page under it (issue #31).
  const heading = page.getByRole("heading", { level: 1, name: "Formación requerida" });
  await expect(heading).toHaveCount(js ? 1 : 0);
  const dialog = page.getByRole("dialog", { name: "Actividad" });
  await expect(dialog.getByRole("alert")).toHaveText("No pudimos abrir la actividad. Inténtalo de nuevo más tarde.");
  await expect(dialog.getByText(`Código de referencia: ${id}`)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, "dialog-error-player");
  await page.setViewportSize({ width: 320, height: 640 });
  await screenshot(page, testInfo, "dialog-error-player-320");
  await dialog.getByRole("link", { name: "Cerrar" }).tap();
  await expect(page).toHaveURL(/\/learning-path\/formacion-requerida$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(heading).toBeVisible();
});
