import type { Page } from "@playwright/test";
import {
  accounts,
  chooseLanguage,
  expect,
  expectAccessible,
  mock,
  runClockUntil,
  screenshot,
  signIn,
  startedAgo,
  test,
} from "./fixtures";

/**
 * The player without JavaScript (issue #14 item 7): a learner starts an activity with 'Iniciar'
 * and, once the activity's time has really passed on the server, finishes it with 'Marcar como
 * terminado'. Taps on a touch screen. With JavaScript the player records progress by itself.
 */

test.use({ hasTouch: true });

test.beforeEach(async () => {
  await mock.reset();
});

const dialogOf = (page: Page) => page.locator("dialog.route-dialog");

test("without JavaScript a PDF is started, refused before 15 s, then finished", async ({ page, javaScriptEnabled }, testInfo) => {
  test.skip(javaScriptEnabled !== false, "the forms are the player without JavaScript");
  await signIn(page, accounts.learner.email, { at: "/learning-path/formacion-requerida/207" });
  const dialog = dialogOf(page);
  await expect(dialog.getByText("Sin JavaScript, registra tu avance con estos botones")).toBeVisible();
  await dialog.getByRole("button", { name: "Iniciar" }).tap();
  await expect(dialog.locator(".player-plain [role=status]")).toHaveText(
    /^Actividad iniciada\. Podrás marcarla como terminada dentro de 1?\d segundos?\.$/,
  );
  await dialog.getByRole("button", { name: "Marcar como terminado" }).tap();
  await expect(dialog.getByRole("alert")).toHaveText(/^Todavía no puedes marcarla como terminada: faltan 1?\d segundos?\.$/);
  await expectAccessible(page);
  await screenshot(page, testInfo, "player-plain-early", { fullPage: false });
  // The PDF's 15 s (and a half) pass on the server's clock: the note says it started that long ago.
  await startedAgo(page, 15_500);
  await dialog.getByRole("button", { name: "Marcar como terminado" }).tap();
  await expect(page).toHaveURL(/\/learning-path\/formacion-requerida\/207$/);
  await expect(dialog.locator(".player-meta .status")).toHaveText("Completado");
  await expect(dialog.getByRole("button", { name: "Marcar como terminado" })).toHaveCount(0);
  const calls = await mock.calls();
  expect(calls.filter((call) => /^POST \/activities\/(started|update_time|finished)$/.test(call))).toEqual([
    "POST /activities/started",
    "POST /activities/update_time",
    "POST /activities/finished",
  ]);
  await page.goto("/learning-path/formacion-requerida");
  await expect(
    page.locator("article.activity-card").filter({ has: page.locator('a[href="/learning-path/formacion-requerida/207"]') }),
  ).toContainText("Completado");
});

test("without JavaScript a video waits its file's real length (6 s), not the activity's 2 minutes", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled !== false, "the forms are the player without JavaScript");
  // Carlos has not watched it yet (Ana has).
  await signIn(page, accounts.leader.email, { at: "/learning-path/formacion-requerida/201" });
  const dialog = dialogOf(page);
  await dialog.getByRole("button", { name: "Iniciar" }).tap();
  // The header of the mp4 says 6.02 s; the activity says 2 minutes.
  await expect(dialog.locator(".player-plain [role=status]")).toHaveText(
    /^Actividad iniciada\. Podrás marcarla como terminada dentro de [67] segundos\.$/,
  );
  // Started 3 s ago on the server's clock: what is left (3 s and a bit, less the post's own time on
  // a busy machine) is the file's 6 s, not the activity's 2 minutes.
  await startedAgo(page, 3_000);
  await dialog.getByRole("button", { name: "Marcar como terminado" }).tap();
  await expect(dialog.getByRole("alert")).toHaveText(/^Todavía no puedes marcarla como terminada: faltan [1-4] segundos?\.$/);
  await startedAgo(page, 6_500);
  await dialog.getByRole("button", { name: "Marcar como terminado" }).tap();
  await expect(dialog.locator(".player-meta .status")).toHaveText("Completado");
});

test("in English the forms speak English", async ({ page, javaScriptEnabled }, testInfo) => {
  test.skip(javaScriptEnabled !== false, "the forms are the player without JavaScript");
  await signIn(page);
  await chooseLanguage(page, "en", testInfo);
  await page.goto("/205");
  const dialog = dialogOf(page);
  await dialog.getByRole("button", { name: "Start" }).tap();
  await expect(dialog.locator(".player-plain [role=status]")).toHaveText(
    /^Activity started\. You can mark it as finished in \d+ seconds\.$/,
  );
});

test("with JavaScript the player records by itself and shows no forms", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled === false, "what a learner with JavaScript sees");
  await page.clock.install();
  await signIn(page, accounts.learner.email, { at: "/learning-path/formacion-requerida/205" });
  // The image's 5 s, on the page's clock.
  await runClockUntil(page, 5_000, () =>
    expect(dialogOf(page).locator(".player-meta .status")).toHaveText("Completado", { timeout: 2_000 }),
  );
  await expect(dialogOf(page).getByRole("button", { name: "Iniciar" })).toHaveCount(0);
  await expect(dialogOf(page).getByText("Sin JavaScript")).toHaveCount(0);
});
