import {
  accounts,
  chooseLanguage,
  dismissBadge,
  expect,
  expectAccessible,
  jsEnabled,
  mock,
  screenshot,
  signIn,
  test,
} from "./fixtures";

test.beforeEach(async () => {
  await mock.reset();
});

test("'Experiencia VR' shows the learner's PIN in a dialog over home", async ({ page }, testInfo) => {
  await signIn(page);
  await page.locator(".app-header").getByRole("link", { name: "Experiencia VR" }).click();
  await expect(page).toHaveURL(/\/\?vr$/);
  const dialog = page.getByRole("dialog", { name: "Experiencia VR" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Tu PIN es \d( \d){3,}$/)).toBeAttached();
  expect(await dialog.locator(".pin-digit").count()).toBeGreaterThanOrEqual(4);
  await expectAccessible(page);
  await screenshot(page, testInfo, "vr");
  await dialog.getByRole("link", { name: "Cerrar", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a notification is opened (marked seen) and another deleted; hostile markup stays inert", async ({ page }, testInfo) => {
  let alerted = false;
  page.on("dialog", async (dialog) => {
    alerted = true;
    await dialog.dismiss();
  });
  await signIn(page);
  const bell = page.locator(".app-header a.bell");
  const before = Number((await bell.locator(".badge").textContent()) ?? "0");
  expect(before).toBeGreaterThan(0);
  await bell.click();
  await expect(page.getByRole("heading", { name: "Notificaciones", level: 1 })).toBeVisible();
  await expect(page.getByText(/^Hace: \d+ (minutos?|horas?|días?|mes(es)?|años?)$/).first()).toBeVisible();
  expect(await page.locator(".legacy-html script, .legacy-html img, .legacy-html iframe, .legacy-html [onclick]").count()).toBe(
    0,
  );
  await expectAccessible(page);
  await screenshot(page, testInfo, "notifications");

  const unseen = page.locator('.notification[data-seen="false"]').first();
  const title = (await unseen.locator(".card-title").textContent()) ?? "";
  await unseen.locator(".notification-button").click();
  await expect(page).toHaveURL(/\/notifications\/\d+$/);
  await expect(page.getByRole("dialog", { name: title })).toBeVisible();
  await page.getByRole("dialog").getByRole("link", { name: "Cerrar" }).click();
  // Back on the list (without JavaScript a new document, which would close any menu opened before it arrives).
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator(".notification", { hasText: title })).toHaveAttribute("data-seen", "true");
  await expect(bell.locator(".badge")).toHaveText(String(before - 1));

  // The whole list first: without JavaScript the document may still be arriving, and its last card
  // so far would be another than the list's last.
  await page.waitForLoadState();
  const cards = page.locator(".notification");
  const count = await cards.count();
  const victimTitle = (await cards.last().locator(".card-title").textContent()) ?? "";
  const victim = cards.filter({ hasText: victimTitle });
  await victim.locator(".notification-menu > summary").click();
  await victim.locator(".notification-confirm > summary").click();
  await victim.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(page.getByText("¡Acción realizada con éxito!")).toBeVisible();
  await expect(page.locator(".notification", { hasText: victimTitle })).toHaveCount(0);
  await expect(cards).toHaveCount(count - 1);
  expect(alerted).toBe(false);
});

test.describe("on a phone (touch)", () => {
  test.use({ hasTouch: true });

  test("'Nueva actividad disponible' opens the activity it names (issue #29)", async ({ page }) => {
    await signIn(page, accounts.learner.email, { at: "/notifications" });
    await page.locator(".notification", { hasText: "Nueva actividad disponible" }).locator(".notification-button").tap();
    await expect(page).toHaveURL(/\/notifications\/\d+$/);
    await page.getByRole("link", { name: "Abrir «Matriz de riesgos en 6 pasos»" }).tap();
    await expect(page).toHaveURL(/\/learning-path\/formacion-requerida\/201$/);
    await expect(
      page.locator("dialog.route-dialog").getByRole("heading", { name: "Matriz de riesgos en 6 pasos" }),
    ).toBeVisible();
  });
});

test("the ranking shows the top 10, and the learner's own row at 11 or worse", async ({ page }, testInfo) => {
  await signIn(page, accounts.learner.email, { at: "/ranking" });
  await expect(page.getByRole("heading", { name: "Mejores rankings", level: 1 })).toBeVisible();
  await expect(page.locator(".ranking-list").first().locator(".ranking-row")).toHaveCount(10);
  await expect(page.locator(".ranking-row").first().locator(".ranking-points")).toHaveText(/^\d{1,3}(\.\d{3})* pts\.$/);
  await expect(page.getByRole("heading", { name: "Tu posición" })).toBeVisible();
  const own = page.locator(".ranking-own .ranking-row");
  await expect(own).toHaveAttribute("data-me", "true");
  expect(Number(await own.locator(".ranking-position").textContent())).toBeGreaterThanOrEqual(11);
  await expectAccessible(page);
  await screenshot(page, testInfo, "ranking");
});

test("a leader in the top 10 has no separate row", async ({ page }) => {
  await signIn(page, accounts.leader.email, { at: "/ranking" });
  await expect(page.locator('.ranking-row[data-me="true"]')).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Tu posición" })).toHaveCount(0);
});

test("Avance shows points, 'Mi Progreso', the first two routes and the evaluations", async ({ page }, testInfo) => {
  await signIn(page);
  await page.locator(".tab-bar").getByRole("link", { name: "Avance" }).click();
  await expect(page.getByRole("heading", { name: "Avance", level: 1 })).toBeVisible();
  await expect(page.getByText("¡Hola, Ana!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mi Progreso" })).toBeVisible();
  await expect(page.locator(".bar-list li")).toHaveCount(4);
  await expect(page.locator(".progress-block h2", { hasText: /^Formación (Inicial|Requerida)$/ })).toHaveCount(2);
  await expect(page.getByText("Evaluación del líder")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Formación Dirigida" })).toBeVisible();
  await expect(page.locator(".progress-summary strong")).toHaveText(/pts\.$/);
  await expectAccessible(page);
  await screenshot(page, testInfo, "achievements");
});

test("a trivia is played to its result and the points in the header go up", async ({ page }, testInfo) => {
  await signIn(page);
  const chip = page.locator(".points-chip");
  const pointsOf = async () => Number(((await chip.textContent()) ?? "").replace(/\D/g, ""));
  const before = await pointsOf();
  await page.locator(".app-header").getByRole("link", { name: "Trivia", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Trivia", level: 1 })).toBeVisible();
  await screenshot(page, testInfo, "trivia-list");
  await page
    .locator(".trivia-card")
    .filter({ hasNot: page.locator(".trivia-best") })
    .first()
    .locator("a")
    .click();
  await expect(page).toHaveURL(/\/trivia\/\d+$/);
  await expect(page.locator(".app-nav a.active")).toHaveText("Trivia");
  const questions = page.locator(".trivia-question");
  // The URL changes when the new document is committed and it streams in: count once it is all parsed.
  await page.waitForLoadState("domcontentloaded");
  const total = await questions.count();
  for (let index = 0; index < total; index++) {
    const question = questions.nth(index);
    await question.locator("input[type=radio]").first().check();
    if (index < total - 1 && jsEnabled(testInfo)) await page.getByRole("button", { name: "Continuar" }).click();
  }
  await screenshot(page, testInfo, "trivia-question");
  await page.getByRole("button", { name: "Finalizar" }).click();
  await expect(page.locator(".trivia-score")).toHaveText(new RegExp(`^\\d+ de ${total} respuestas correctas$`));
  await expectAccessible(page);
  await screenshot(page, testInfo, "trivia-result");
  const earned = Number(((await page.getByText(/^Ganaste /).textContent()) ?? "").replace(/\D/g, ""));
  await expect.poll(pointsOf).toBe(before + earned);
});

test("a trivia sent without every answer says which ones are missing", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/trivia" });
  await page.locator(".trivia-card a").first().click();
  await page.evaluate(() => document.querySelector("form.trivia-form")?.setAttribute("novalidate", ""));
  await page.locator("form.trivia-form").evaluate((form: HTMLFormElement) => form.requestSubmit());
  await expect(page.locator(".field-error").first()).toHaveText("Este campo es obligatorio");
});

test("a newly earned badge is shown once, and my results list the badges", async ({ page }, testInfo) => {
  await signIn(page, accounts.learner.email, { keepBadges: true });
  const dialog = page.locator("dialog.badge-dialog");
  await expect(dialog).toBeVisible();
  const name = (await dialog.locator("h2").textContent()) ?? "";
  await screenshot(page, testInfo, "badge");
  await dismissBadge(page, "Continuar");
  await page.goto("/profile/profile/my_results");
  await expect(page).toHaveURL(/\/profile\/my_results$/);
  await expect(page.getByRole("heading", { name: "Mis resultados", level: 1 })).toBeVisible();
  await expect(page.locator('.badge[data-earned="true"]', { hasText: name })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, "my-results");
});

test("Avance in English, with the leader's high evaluation score highlighted", async ({ page }, testInfo) => {
  await signIn(page, accounts.leader.email, { at: "/achievements" });
  await chooseLanguage(page, "en", testInfo);
  await expect(page.getByRole("heading", { name: "Progress", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "My progress" })).toBeVisible();
  const score = page.locator(".score");
  await expect(score).toHaveText("Score: 9");
  await expect(score).toHaveAttribute("data-high", "true");
  await expect(page.getByText("Leader evaluation")).toBeVisible();
  await screenshot(page, testInfo, "achievements-en");
});

test("the ranking, trivia and notifications speak English", async ({ page }, testInfo) => {
  await signIn(page, accounts.learner.email, { at: "/ranking" });
  await chooseLanguage(page, "en", testInfo);
  await expect(page.getByRole("heading", { name: "Top rankings", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your position" })).toBeVisible();
  await page.goto("/trivia");
  await expect(page.getByRole("heading", { name: "Trivia", level: 1 })).toBeVisible();
  await expect(page.locator(".trivia-meta").first()).toHaveText(/questions? · up to [\d,]+ pts\.$/);
  await page.goto("/notifications");
  await expect(page.getByText(/^\d+ (minutes?|hours?|days?|months?|years?) ago$/).first()).toBeVisible();
});
