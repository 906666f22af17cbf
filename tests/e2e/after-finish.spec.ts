import type { Page, TestInfo } from "@playwright/test";
import {
  accounts,
  chooseLanguage,
  expect,
  expectAccessible,
  jsEnabled,
  mock,
  runClockUntil,
  screenshot,
  signIn,
  startedAgo,
  test,
} from "./fixtures";

/**
 * Issue #29 item 1: once an activity is finished the player says what it earned and the route's
 * new percentage, and offers the next step of the route, with JavaScript and without; tapped on a
 * touch screen.
 */

test.use({ hasTouch: true });

test.beforeEach(async () => {
  await mock.reset();
});

const dialogOf = (page: Page) => page.locator("dialog.route-dialog");

/**
 * Finishes the open image as a learner does: with JavaScript its 5 s pass on the page's clock;
 * without, 'Iniciar', the 5 s on the server's clock (the note says it started that long ago), then
 * 'Marcar como terminado'.
 */
async function finishImage(page: Page, testInfo: TestInfo) {
  const dialog = dialogOf(page);
  if (jsEnabled(testInfo)) {
    await runClockUntil(page, 5_000, () =>
      expect(dialog.locator(".player-meta .status")).toHaveText("Completado", { timeout: 2_000 }),
    );
  } else {
    await dialog.getByRole("button", { name: "Iniciar" }).tap();
    await startedAgo(page, 5_500);
    await dialog.getByRole("button", { name: "Marcar como terminado" }).tap();
  }
}

test("a finished activity says its points and the route's new percentage, and 'Siguiente actividad' opens the next one", async ({
  page,
}, testInfo) => {
  if (jsEnabled(testInfo)) await page.clock.install();
  await signIn(page, accounts.learner.email, { at: "/learning-path/formacion-requerida/205" });
  const dialog = dialogOf(page);
  const after = dialog.getByRole("region", { name: "¡Actividad completada!" });
  await expect(dialog.getByRole("heading", { name: "Estructura de un hallazgo" })).toBeVisible();
  await expect(after).toHaveCount(0);
  await finishImage(page, testInfo);
  await expect(after.locator(".player-after-gains")).toHaveText("+10 pts. · Formación Requerida: 37,5 %");
  await expect(after).toBeInViewport();
  await expectAccessible(page);
  await screenshot(page, testInfo, "player-after-finish", { fullPage: false });
  await after.getByRole("link", { name: "Siguiente actividad Podcast: entrevistas efectivas" }).tap();
  await expect(page).toHaveURL(/\/learning-path\/formacion-requerida\/206$/);
  await expect(dialog.getByRole("heading", { name: "Podcast: entrevistas efectivas" })).toBeVisible();
  await expect(after).toHaveCount(0);
});

test("with JavaScript the panel is whole from the finish's reply on: nothing in it grows under a finger when the page revalidates", async ({
  page,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the page revalidated after the finish is JavaScript's");
  await page.clock.install();
  await signIn(page, accounts.learner.email, { at: "/learning-path/formacion-requerida/205" });
  const after = dialogOf(page).getByRole("region", { name: "¡Actividad completada!" });
  // The page's revalidation after the finish is held, as a slow network holds it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await finishImage(page, testInfo);
  await expect(after.locator(".player-after-gains")).toHaveText("+10 pts. · Formación Requerida: 37,5 %");
  const before = await after.boundingBox();
  const revalidated = page.waitForResponse(/\.data(\?|$)/);
  release();
  await revalidated;
  await expect(after.locator(".player-after-gains")).toHaveText("+10 pts. · Formación Requerida: 37,5 %");
  expect(await after.boundingBox()).toEqual(before);
});

test("a finish the legacy API refuses says why and waits for 'Reintentar', kept on the device when the player closes (issue #29 item 7)", async ({
  page,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the form itself is posted again");
  await page.clock.install();
  await mock.setFaults({ refusePath: "/activities/finished" });
  await signIn(page, accounts.learner.email, { at: "/learning-path/formacion-requerida/205" });
  const dialog = dialogOf(page);
  const alert = dialog.getByRole("alert");
  const retry = alert.getByRole("button", { name: "Reintentar", exact: true });
  const finishes = async () => (await mock.calls()).filter((call) => call === "POST /activities/finished").length;
  // The legacy API's own message, then the way to send it again.
  await runClockUntil(page, 5_000, () => expect(alert).toContainText("La solicitud fue rechazada", { timeout: 2_000 }));
  await expect(retry).toBeVisible();
  await expect(dialog.getByRole("region", { name: "¡Actividad completada!" })).toHaveCount(0);
  await expect(dialog.locator(".player-meta .status")).toHaveText("Iniciado");
  await expectAccessible(page);
  await screenshot(page, testInfo, "player-finish-refused", { fullPage: false });
  // Never sent again on its own: ten minutes later it is still the one try.
  await page.clock.runFor(600_000);
  expect(await finishes()).toBe(1);
  // Asked, it is sent again: refused again, still offered.
  await retry.tap();
  await expect.poll(finishes).toBe(2);
  await expect(retry).toBeVisible();

  // Closed, the player leaves it on the device; nothing sends it, and the activity's player offers it again.
  await dialog
    .getByRole("link", { name: "Cerrar" })
    .or(dialog.getByRole("button", { name: "Cerrar" }))
    .first()
    .tap();
  await expect(dialog).toHaveCount(0);
  await page.goto("/learning-path/formacion-requerida/205");
  await expect(alert).toHaveText("No se pudo registrar tu avance. Reintentar");
  expect(await finishes()).toBe(2);
  await mock.setFaults({ refusePath: "" });
  await retry.tap();
  // 'Guardado': the write the device kept is confirmed.
  await expect(dialog.locator(".player-meta .status")).toHaveText("Completado · Guardado");
  await expect(dialog.getByRole("region", { name: "¡Actividad completada!" }).locator(".player-after-gains")).toHaveText(
    "+10 pts. · Formación Requerida: 37,5 %",
  );
  expect(await finishes()).toBe(3);
  await chooseLanguage(page, "en", testInfo);
  await expect(dialog.locator(".player-meta .status")).toHaveText(/^Completed/);
});

test("a finished activity opened again offers the next step, in English: the escape room it opened", async ({
  page,
}, testInfo) => {
  await signIn(page, accounts.learner.email, { at: "/learning-path/formacion-inicial" });
  await chooseLanguage(page, "en", testInfo);
  await page.goto("/learning-path/formacion-inicial/108");
  const after = dialogOf(page).getByRole("region", { name: "Activity completed!" });
  await expect(after.locator(".player-after-gains")).toHaveText("+10 pts. · Formación Inicial: 88.88 %");
  await after.getByRole("link", { name: "Next activity Escape Room: el caso del inventario" }).tap();
  await expect(page).toHaveURL(/\/learning-path\/formacion-inicial\/109$/);
  await expect(dialogOf(page).getByRole("heading", { name: "Escape Room: el caso del inventario" })).toBeVisible();
});

test("when only a locked escape room is left, the player names it and what opens it, and leads back to the route", async ({
  page,
}, testInfo) => {
  await mock.finish(207);
  await signIn(page, accounts.learner.email, { at: "/learning-path/formacion-requerida/207" });
  const after = dialogOf(page).getByRole("region", { name: "¡Actividad completada!" });
  await expect(after).toContainText(
    "Lo siguiente es «Escape Room: auditoría en la sucursal», que se desbloquea al completar todas las actividades de las rutas hasta esta.",
  );
  await expect(after.getByRole("link", { name: /Siguiente actividad/ })).toHaveCount(0);
  await screenshot(page, testInfo, "player-after-locked", { fullPage: false });
  await after.getByRole("link", { name: "Ver la ruta" }).tap();
  await expect(page).toHaveURL(/\/learning-path\/formacion-requerida$/);
  await expect(dialogOf(page)).toHaveCount(0);
});
