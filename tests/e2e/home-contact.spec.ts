import { expect, mock, signIn, test } from "./fixtures";
import { MOCK_PORT } from "./ports";

/**
 * The contact footer on home (issue #14 item 17): a signed-in learner who sends it stays on home,
 * in the app's layout, and sees the notice at the form — with JavaScript and without.
 */

test.beforeEach(async () => {
  await mock.reset();
});

async function contactCount(): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${MOCK_PORT}/__mock/contact_messages`);
  return ((await response.json()) as { messages: unknown[] }).messages.length;
}

test("home's contact footer keeps the learner on home, with the notice in view at the form", async ({ page }) => {
  await signIn(page);
  const form = page.locator(".contact-form");
  await form.getByLabel("Nombre").fill("Ana Martínez");
  await form.getByLabel("Teléfono").fill("5512345678");
  await form.getByLabel("Correo electrónico").fill("ana.martinez@academia.test");
  await form.getByLabel("Comentario").fill("Quisiera saber cuándo abre la Formación Dirigida.");
  await form.getByRole("button", { name: "Enviar comentario" }).click();
  const notice = form.getByText("¡Tu comentario ha sido enviado con éxito!");
  await expect(notice).toBeVisible();
  await expect(notice).toBeInViewport();
  await expect(page).toHaveURL(/\/(\?index)?(#contact)?$/);
  await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeVisible();
  await expect(page.locator(".greeting")).toContainText("Ana Martínez");
  await expect.poll(contactCount).toBe(1);
});

test("a comment too short on home keeps what was typed, at the form", async ({ page }) => {
  await signIn(page);
  const form = page.locator(".contact-form");
  await form.getByLabel("Nombre").fill("Ana Martínez");
  await form.getByLabel("Comentario").fill("Muy corto");
  await form.getByRole("button", { name: "Enviar comentario" }).click();
  await expect(form.getByText("El número mínimo de caracteres es 25")).toBeInViewport();
  await expect(form.getByLabel("Nombre")).toHaveValue("Ana Martínez");
  await expect(form.getByLabel("Comentario")).toHaveValue("Muy corto");
  await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeVisible();
  expect(await contactCount()).toBe(0);
});
