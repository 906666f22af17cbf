import { accounts, chooseLanguage, expect, expectAccessible, jsEnabled, mock, screenshot, signIn, test } from "./fixtures";

/** Touch screens: the destructive buttons are tapped (issue #14). */
test.use({ hasTouch: true });

test.beforeEach(async () => {
  await mock.reset();
});

test("a leader adds a person to the team and removes them again", async ({ page }, testInfo) => {
  await signIn(page, accounts.leader.email, { at: "/profile_auditor" });
  await expect(page.getByRole("heading", { name: "Perfil de Auditor", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tu Equipo" })).toBeVisible();
  const team = page.locator(".leader-team .card-list");
  await expect(team.getByRole("heading", { name: "Ana Martínez" })).toBeVisible();
  await expect(team.getByRole("progressbar").first()).toBeVisible();
  // A route not open yet reads 'Próximamente' on each card, never a 0 % bar (issue #29 item 7).
  const ana = team.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Ana Martínez" }) });
  const directed = ana.locator(".bar-list li").filter({ hasText: "Formación Dirigida" });
  await expect(directed).toHaveText(/Formación Dirigida\s*Próximamente/);
  await expect(directed.getByRole("progressbar")).toHaveCount(0);
  await expect(ana.getByRole("progressbar", { name: "Ana Martínez: Formación Inicial" })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, "leader-profile");

  await page.getByRole("link", { name: "Agregar persona al equipo" }).click();
  const dialog = page.getByRole("dialog", { name: "Agregar persona al equipo" });
  await dialog.getByRole("button", { name: "Buscar" }).click();
  await expect(dialog.getByText("No se encontraron resultados")).toBeVisible();
  await dialog.getByLabel("Código de la persona").fill("100003");
  await dialog.getByRole("button", { name: "Buscar" }).click();
  await expect(dialog.getByText("Lucía Gómez")).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, "leader-search");
  await dialog.getByRole("button", { name: "Agregar a Lucía Gómez" }).click();
  await expect(dialog.getByText("¿Agregar a Lucía Gómez a tu equipo?")).toBeVisible();
  await screenshot(page, testInfo, "leader-confirm-add");
  await dialog.getByRole("button", { name: "Sí, agregar" }).click();
  if (jsEnabled(testInfo)) {
    await expect(page).toHaveURL(/\/profile_auditor$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  } else {
    await expect(dialog.getByText("¡Persona agregada a tu equipo!")).toBeVisible();
    await dialog.getByRole("link", { name: "Cerrar" }).last().click();
  }
  await expect(team.getByRole("heading", { name: "Lucía Gómez" })).toBeVisible();

  // One verb from the card to the notice (issue #14): 'Retirar', 'retirada'; tapped as on a phone.
  await page.getByRole("link", { name: "Retirar a Lucía Gómez del equipo" }).tap();
  const remove = page.getByRole("dialog", { name: "Retirar persona del equipo" });
  await expect(remove.getByText("¿Retirar a Lucía Gómez de tu equipo?")).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, "leader-confirm-remove");
  await remove.getByRole("button", { name: "Sí, retirar" }).tap();
  await expect(remove.getByText("La persona fue retirada de tu equipo")).toBeVisible();
  await screenshot(page, testInfo, "leader-removed");
  await remove.getByRole("link", { name: "Aceptar" }).click();
  await expect(page).toHaveURL(/\/profile_auditor$/);
  await expect(team.getByRole("heading", { name: "Lucía Gómez" })).toHaveCount(0);
  await expect(team.getByRole("heading", { name: "Ana Martínez" })).toBeVisible();
});

test("a leader uploads material that everyone then sees on the home page", async ({ page }, testInfo) => {
  await signIn(page, accounts.leader.email, { at: "/profile_auditor" });
  await page.getByRole("link", { name: "Subir material" }).click();
  const dialog = page.getByRole("dialog", { name: "Subir material" });
  await dialog.getByRole("button", { name: "Subir material" }).click();
  await expect(dialog.getByText("Este campo es obligatorio")).toHaveCount(4);
  await dialog.getByLabel("Título").fill("V");
  await dialog.getByLabel("Tipo de material").selectOption({ label: "Wikiguía" });
  await dialog.getByLabel("Enlace").fill("https://videos.example.com/entrevistas");
  await dialog.getByLabel("Fecha").fill("2026-11-23");
  await dialog.getByLabel("Comentarios (opcional)").fill("Para la ruta inicial");
  await dialog.getByRole("button", { name: "Subir material" }).click();
  await expect(dialog.getByText("El número mínimo de caracteres es 2")).toBeVisible();
  await expect(dialog.getByLabel("Enlace")).toHaveValue("https://videos.example.com/entrevistas");
  await dialog.getByLabel("Título").fill("Entrevistas de auditoría");
  await expectAccessible(page);
  await screenshot(page, testInfo, "leader-material");
  await dialog.getByRole("button", { name: "Subir material" }).click();
  if (jsEnabled(testInfo)) {
    await expect(page).toHaveURL(/\/profile_auditor$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  } else {
    await expect(dialog.getByText("¡Acción realizada con éxito!")).toBeVisible();
  }
  await page.goto("/");
  await expect(page.getByText("Entrevistas de auditoría").first()).toBeAttached();
  // Who shared it, in the type's gender, and the comment the leader wrote (issue #29 item 7).
  const card = page.locator(".activity-card").filter({ hasText: "Entrevistas de auditoría" }).first();
  await expect(card).toContainText(/Wikiguía compartida por \S.*\. Para la ruta inicial/);
});

test("the leader's forms speak English too", async ({ page }, testInfo) => {
  await signIn(page, accounts.leader.email, { at: "/profile_auditor" });
  await chooseLanguage(page, "en", testInfo);
  await expect(page.getByRole("heading", { name: "Auditor profile", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Academia · Auditor profile");
  await expect(page.locator(".bar-list li").filter({ hasText: "Formación Dirigida" }).first()).toHaveText(/Coming soon/);
  await page.getByRole("link", { name: "Upload material" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload material" });
  await dialog.getByLabel("Link").fill("ftp://files.example.com");
  await dialog.getByRole("button", { name: "Upload material" }).click();
  await expect(dialog.getByText("This field is required")).toHaveCount(3);
  await expect(dialog.getByText("This field is not valid")).toBeVisible();
  await page.goto("/profile_auditor/add");
  const search = page.getByRole("dialog", { name: "Add a person to the team" });
  await search.getByRole("button", { name: "Search" }).click();
  await expect(search.getByText("No results found")).toBeVisible();
});

test("a learner cannot open the auditor profile", async ({ page }) => {
  const response = await signIn(page, accounts.learner.email, { at: "/profile_auditor" });
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Perfil de Auditor");
  expect((await page.goto("/profile_auditor/material"))?.status()).toBe(404);
});
