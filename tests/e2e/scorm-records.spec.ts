import type { Page } from "@playwright/test";
import { accounts, expect, type LegacyRecord, mock, scaled, screenshot, signIn, test } from "./fixtures";

/**
 * SCORM records (issue #13 items 4, 5, 7): what a package sets on its way out reaches the legacy
 * API on every way out, large suspend data is saved and read back, a refused save fails the
 * package's commit, and the audit data (interactions, score, time) is stored.
 */

/** The learner's ACTIVITY record of an activity, as the mock legacy API holds it. */
const legacyRecord = async (activityId: number) => (await mock.activityRecords(activityId))[0];

/** The SCORM data kept for the package's SCO, whatever the wrapper around it. */
function keptData(record: LegacyRecord | undefined): Record<string, string> {
  const data = JSON.parse(record?.user_data ?? "{}") as Record<string, unknown>;
  const items = data.items as Record<string, Record<string, string>> | undefined;
  return items ? (Object.values(items)[0] ?? {}) : (data as Record<string, string>);
}

const QUIZ = 505;
const QUIZ_SCO = "item-cierre";

/** The player's saved state, as the learner reads it. */
const player = (page: Page) => page.locator("dialog.route-dialog .player-meta .status");

/** Opens the quiz that commits only in its own unload handler, and answers it right. */
async function answerQuiz(page: Page) {
  await page.goto(`/${QUIZ}`);
  const frame = page.frameLocator(".scorm-frame");
  await frame.getByLabel("La auditoría interna").check();
  await frame.getByRole("button", { name: "Responder" }).click();
  await expect(frame.getByText("Respuesta registrada.")).toBeVisible();
  // The answer's commit is saved before the learner leaves.
  await expect.poll(async () => keptData(await legacyRecord(QUIZ))["cmi.interactions.0.id"]).toBe("tres-lineas");
}

/**
 * The package finished on its way out: its data, then points (once), then finished reached the
 * legacy API. LMSFinish without a suspend then ends the attempt, which one more update_user_data
 * records (decision 055).
 */
async function expectFinishedOnLeaving() {
  await expect.poll(async () => (await legacyRecord(QUIZ))?.finalized ?? null, { timeout: scaled(10_000) }).not.toBeNull();
  const record = await legacyRecord(QUIZ);
  expect(record).toMatchObject({ progress: 100, points: 20 });
  expect(keptData(record)).toMatchObject({
    "cmi.core.lesson_status": "passed",
    "cmi.core.score.raw": "100",
    "cmi.core.score.max": "100",
    "cmi.interactions.0.id": "tres-lineas",
    "cmi.interactions.0.type": "choice",
    "cmi.interactions.0.student_response": "auditoria",
    "cmi.interactions.0.correct_responses.0.pattern": "auditoria",
    "cmi.interactions.0.result": "correct",
    "cmi.interactions.0.latency": expect.stringMatching(/^\d\d:\d\d:\d\d$/),
    "cmi.core.session_time": expect.stringMatching(/^\d\d:\d\d:\d\d$/),
    "cmi.core.total_time": expect.stringMatching(/^\d{2,4}:\d\d:\d\d/),
  });
  const writes = (await mock.calls()).filter((call) => /\/activities\/(update_user_data|update_points|finished)$/.test(call));
  expect(writes.filter((call) => call.endsWith("update_points"))).toHaveLength(1);
  const last = (action: string) => writes.map((call) => call.endsWith(action)).lastIndexOf(true);
  const points = last("update_points");
  expect(writes.slice(0, points).some((call) => call.endsWith("update_user_data"))).toBe(true);
  expect(points).toBeLessThan(last("finished"));
  await expect
    .poll(async () => JSON.parse((await legacyRecord(QUIZ))?.user_data ?? "{}") as unknown)
    .toMatchObject({ attempts: { [QUIZ_SCO]: { number: 1, ended: true } } });
}

test.beforeEach(async () => {
  await mock.reset();
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the SCORM runtime needs JavaScript");

  test("closing the player with × saves what the package sets on unload", async ({ page }) => {
    await signIn(page);
    await answerQuiz(page);
    await page.locator("dialog.route-dialog").getByRole("link", { name: "Cerrar" }).click();
    await expectFinishedOnLeaving();
  });

  test("a header link (navigating in the app) saves what the package sets on unload", async ({ page }) => {
    await signIn(page);
    await answerQuiz(page);
    // The header sits behind the modal player; the app navigates as the link's click would.
    await page.locator('header a[href="/ranking"]').dispatchEvent("click");
    await expect(page).toHaveURL(/\/ranking$/);
    await expectFinishedOnLeaving();
  });

  test("following a link away saves what the package sets on unload", async ({ page }) => {
    await signIn(page);
    await answerQuiz(page);
    await page.goto("about:blank");
    await expectFinishedOnLeaving();
  });

  test("reloading saves what the package sets on unload", async ({ page }) => {
    await signIn(page);
    await answerQuiz(page);
    await page.reload();
    await expectFinishedOnLeaving();
  });

  test("closing the tab saves what the package sets on unload", async ({ page }) => {
    await signIn(page);
    await answerQuiz(page);
    await page.close();
    await expectFinishedOnLeaving();
  });

  test("64,000 characters of suspend data are saved and read back by the package (SCORM 1.2)", async ({ page }) => {
    await signIn(page, accounts.learner.email, { at: `/${QUIZ}` });
    const frame = page.frameLocator(".scorm-frame");
    await expect(frame.getByText("Notas guardadas: 0 caracteres")).toBeVisible();
    await frame.getByRole("button", { name: "Guardar notas largas" }).click();
    await expect(frame.getByText("LMSCommit: true · error 0")).toBeVisible();
    await expect.poll(async () => keptData(await legacyRecord(QUIZ))["cmi.suspend_data"]?.length).toBe(64_000);
    await expect(page.getByText("No se pudo registrar tu avance.")).toHaveCount(0);
    await page.goto("/");
    await page.goto(`/${QUIZ}`);
    await expect(frame.getByText("Notas guardadas: 64000 caracteres")).toBeVisible();
  });

  test("64,000 characters committed while another save is on its way still reach the legacy API when × closes the player", async ({
    page,
  }) => {
    await signIn(page, accounts.learner.email, { at: `/${QUIZ}` });
    const frame = page.frameLocator(".scorm-frame");
    await expect(frame.getByText("Notas guardadas: 0 caracteres")).toBeVisible();
    // A slow legacy API: the answer's save is still on its way when the long notes are committed.
    await mock.setFaults({ latencyMs: 1500 });
    await frame.getByLabel("La auditoría interna").check();
    await frame.getByRole("button", { name: "Responder" }).click();
    await frame.getByRole("button", { name: "Guardar notas largas" }).click();
    await expect(frame.getByText("LMSCommit: true · error 0")).toBeVisible();
    await page.locator("dialog.route-dialog").getByRole("link", { name: "Cerrar" }).click();
    await expect
      .poll(async () => keptData(await legacyRecord(QUIZ))["cmi.suspend_data"]?.length, { timeout: scaled(15_000) })
      .toBe(64_000);
  });

  test("a save the legacy API refuses fails the package's next commit, and the learner is told", async ({ page }) => {
    await signIn(page);
    await mock.setFaults({ refusePath: "/activities/update_user_data" });
    await page.goto(`/${QUIZ}`);
    const frame = page.frameLocator(".scorm-frame");
    await frame.getByLabel("La auditoría interna").check();
    await frame.getByRole("button", { name: "Responder" }).click();
    await expect(page.locator(".player-sync-error")).toBeVisible();
    await frame.getByRole("button", { name: "Guardar notas largas" }).click();
    await expect(frame.getByText("LMSCommit: false · error 101")).toBeVisible();
  });

  test("total time adds each session's time to the saved total, within an attempt", async ({ page }) => {
    await page.clock.install();
    await signIn(page);
    // Unanswered, the quiz has no result when LMSFinish comes: its attempt goes on (decision 055).
    await page.goto(`/${QUIZ}`);
    await expect(page.frameLocator(".scorm-frame").getByText(/Notas guardadas/)).toBeVisible();
    await page.clock.runFor(1_000);
    const dialog = page.locator("dialog.route-dialog");
    await dialog.getByRole("link", { name: "Cerrar" }).click();
    await expect.poll(async () => keptData(await legacyRecord(QUIZ))["cmi.core.session_time"]).toBeTruthy();
    const seconds = (time = "") => time.split(":").reduce((total, part) => total * 60 + Number(part), 0);
    const first = keptData(await legacyRecord(QUIZ));
    expect(seconds(first["cmi.core.total_time"])).toBe(seconds(first["cmi.core.session_time"]));
    await page.goto(`/${QUIZ}`);
    await expect(page.frameLocator(".scorm-frame").getByText(/Notas guardadas/)).toBeVisible();
    // Two seconds in the second session, on the page's clock (the package's frame keeps the page's time).
    await page.clock.runFor(2_000);
    await dialog.getByRole("link", { name: "Cerrar" }).click();
    await expect
      .poll(async () => seconds(keptData(await legacyRecord(QUIZ))["cmi.core.total_time"]))
      .toBeGreaterThanOrEqual(seconds(first["cmi.core.total_time"]) + 2);
  });
});

test.describe("the activity card", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the SCORM runtime needs JavaScript");

  test("shows the package's score and the time spent once it is finished", async ({ page }) => {
    await signIn(page, accounts.learner.email, { at: "/learning-path/formacion-requerida" });
    const card = page.locator("article.activity-card").filter({ has: page.locator('a[href$="/203"]') });
    await expect(card.locator(".status")).toHaveText("Iniciado");
    await expect(card.locator(".activity-card-result")).toHaveCount(0);
    await card.getByRole("link").click();
    const frame = page.frameLocator(".scorm-frame");
    await frame.getByRole("button", { name: "Siguiente" }).click();
    await frame.getByRole("button", { name: "Finalizar" }).click();
    await expect(player(page)).toHaveText("Completado", { timeout: scaled(10_000) });
    await page.locator("dialog.route-dialog").getByRole("link", { name: "Cerrar" }).click();
    await expect(card.locator(".status")).toHaveText("Completado");
    await expect(card.locator(".activity-card-result")).toHaveText(["Puntuación: 100 %", /^Tiempo: \d+ min$/]);
  });
});

const SLIDES = 506;

test.describe("on a phone", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the SCORM runtime needs JavaScript");
  test.use({ hasTouch: true });

  async function openSlides(page: Page) {
    await signIn(page, accounts.learner.email, { at: `/${SLIDES}` });
    const frame = page.frameLocator(".scorm-frame");
    await expect(frame.getByRole("heading", { name: "1. El arqueo sorpresa" })).toBeVisible();
    await expect(page.locator(".scorm-frame")).toHaveAttribute("data-aspect", "declared");
    return frame;
  }

  async function frameBox(page: Page) {
    const box = await page.locator(".scorm-frame").boundingBox();
    if (!box) throw new Error("no frame");
    return box;
  }

  test("a 16:9 slide package is as wide as the screen and keeps its shape", async ({ page }, testInfo) => {
    await openSlides(page);
    const phone = await frameBox(page);
    expect(phone.x).toBeCloseTo(0, 0);
    expect(phone.width).toBeCloseTo(360, 0);
    expect(phone.width / phone.height).toBeCloseTo(16 / 9, 1);
    await screenshot(page, testInfo, "player-scorm-16x9-360", { fullPage: false });
    await page.setViewportSize({ width: 320, height: 640 });
    expect((await frameBox(page)).width).toBeCloseTo(320, 0);
    await screenshot(page, testInfo, "player-scorm-16x9-320", { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    const desktop = await frameBox(page);
    expect(desktop.width).toBeGreaterThan(800);
    expect(desktop.width / desktop.height).toBeCloseTo(16 / 9, 1);
    expect(desktop.y + desktop.height).toBeLessThanOrEqual(800);
    await screenshot(page, testInfo, "player-scorm-16x9-1280", { fullPage: false });
  });

  test("a tap on 'Pantalla completa' puts the player in full screen, and another takes it out", async ({ page }, testInfo) => {
    await openSlides(page);
    await page.getByRole("button", { name: "Pantalla completa" }).tap();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.className ?? null)).toBe("player-scorm");
    await screenshot(page, testInfo, "player-scorm-fullscreen", { fullPage: false });
    await page.getByRole("button", { name: "Salir de pantalla completa" }).tap();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  });

  test("'Abrir en otra ventana' runs the package in its own window, still recording, and brings it back", async ({
    page,
    context,
  }, testInfo) => {
    await openSlides(page);
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: "Abrir en otra ventana" }).tap(),
    ]);
    // A new window and a fresh runtime: slower than a frame on a busy machine.
    await expect(popup.getByRole("heading", { name: "1. El arqueo sorpresa" })).toBeVisible({ timeout: scaled(15_000) });
    await expect(page.getByText("El contenido está abierto en otra ventana.", { exact: false })).toBeVisible();
    await expect(page.locator(".scorm-frame")).toHaveCount(0);
    await screenshot(page, testInfo, "player-scorm-elsewhere", { fullPage: false });
    // The slides are in the HTML; the package's script, once it has found the runtime and started, numbers them.
    await expect(popup.locator("#counter")).toHaveText("1 / 3");
    await popup.getByRole("button", { name: "Siguiente" }).click();
    await expect(popup.getByRole("heading", { name: "2. La conciliación" })).toBeVisible();
    await expect.poll(async () => keptData(await legacyRecord(SLIDES))["cmi.location"]).toBe("2");
    await page.getByRole("button", { name: "Volver a mostrarlo aquí" }).tap();
    await expect(page.frameLocator(".scorm-frame").getByRole("heading", { name: "2. La conciliación" })).toBeVisible({
      timeout: scaled(15_000),
    });
    await page.frameLocator(".scorm-frame").getByRole("button", { name: "Siguiente" }).tap();
    await expect(player(page)).toHaveText("Completado", { timeout: scaled(10_000) });
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "what a learner without JavaScript sees");

  test("the new packages say they need JavaScript, with no buttons that cannot work", async ({ page }) => {
    await signIn(page);
    for (const id of [QUIZ, SLIDES]) {
      await page.goto(`/${id}`);
      await expect(
        page.getByText("Este curso interactivo necesita JavaScript para funcionar y registrar tu avance."),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: "Pantalla completa" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Abrir en otra ventana" })).toHaveCount(0);
    }
  });
});
