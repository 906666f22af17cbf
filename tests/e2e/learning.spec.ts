import { expect, expectAccessible, jsEnabled, mock, screenshot, signIn, test } from "./fixtures";

test.beforeEach(async () => {
  await mock.reset();
});

test("home shows the levels, the activity lists, the FAQ block and the contact footer", async ({ page }, testInfo) => {
  await signIn(page);
  for (const title of ["Formación por nivel:", "Más reciente:", "Más visto:", "Compartidos por los Líderes:", "Preguntas frecuentes"]) {
    await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
  }
  const levels = page.getByRole("region", { name: "Formación por nivel:" });
  await expect(levels.getByText("Formación Inicial", { exact: true })).toBeVisible();
  await expect(levels.getByText(/ - Próximamente$/)).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Contáctanos" })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, "home-full");
  await levels.getByRole("link", { name: "Ver detalles" }).first().click();
  await expect(page).toHaveURL(/\/learning-path\/formacion-inicial$/);
});

test("the route page shows states, a locked escape room and the empty course", async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto("/learning-path/formacion-requerida");
  await expect(page.getByRole("heading", { name: "Formación Requerida", level: 1 })).toBeVisible();
  for (const state of ["Completado", "Iniciado", "Sin iniciar", "Bloqueado"]) {
    await expect(page.locator(".status", { hasText: state }).first()).toBeVisible();
  }
  await expect(page.getByText("¡Estamos construyendo algo genial aquí! Vuelve pronto.")).toBeVisible();
  const message = "Este Escape Room está bloqueado, completa las actividades anteriores para desbloquearla.";
  await expect(page.getByText(message)).toBeHidden();
  await page.locator(".locked-activity summary").click();
  await expect(page.getByText(message)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, "route-page");
});

test("the levels carousel changes the route", async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto("/learning-path/formacion-inicial");
  const levels = page.getByRole("region", { name: "Niveles de Formación" });
  if (jsEnabled(testInfo)) {
    await levels.getByRole("button", { name: "Siguiente" }).click();
  } else {
    await levels.getByRole("link", { name: "Formación Requerida" }).click();
  }
  await expect(page).toHaveURL(/\/learning-path\/formacion-requerida$/);
  await expect(page.getByRole("heading", { name: "Formación Requerida", level: 1 })).toBeVisible();
});

test("an unknown route goes home", async ({ page }) => {
  await signIn(page);
  await page.goto("/learning-path/no-existe");
  await expect(page).toHaveURL(/\/$/);
});
