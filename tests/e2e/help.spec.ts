import type { Page } from "@playwright/test";
import {
  accounts,
  chooseLanguage,
  expect,
  expectAccessible,
  holdRequests,
  jsEnabled,
  mock,
  screenshot,
  signIn,
  test,
} from "./fixtures";

test.beforeEach(async () => {
  await mock.reset();
});

/** Mariana's contact details and `comment`, in the contact form on the page. */
async function fillContact(page: Page, comment: string) {
  await page.getByLabel("Nombre").fill("Mariana López");
  await page.getByLabel("Teléfono").fill("5512345678");
  await page.getByLabel("Correo electrónico").fill("mariana@example.com");
  await page.getByLabel("Comentario").fill(comment);
}

async function contactCount(): Promise<number> {
  return (await mock.contactMessages()).length;
}

test("FAQ: one category open at a time, sanitised answers, links to suggestions and support", async ({ page }, testInfo) => {
  await signIn(page, accounts.learner.email, { at: "/faq" });
  await expect(page.getByRole("heading", { name: "FAQs", level: 1 })).toBeVisible();
  const items = page.locator("details.accordion-item");
  expect(await items.count()).toBeGreaterThan(1);
  await items.nth(0).locator("summary").click();
  await expect(items.nth(0)).toHaveAttribute("open", "");
  await items.nth(1).locator("summary").click();
  await expect(items.nth(1)).toHaveAttribute("open", "");
  await expect(items.nth(0)).not.toHaveAttribute("open", "");
  await items.nth(1).locator("summary").click();
  await expect(items.nth(1)).not.toHaveAttribute("open", "");
  expect(await page.locator(".legacy-html script, .legacy-html [onerror], .legacy-html img").count()).toBe(0);
  await expectAccessible(page);
  await screenshot(page, testInfo, "faq");
  await page.getByRole("link", { name: "Soporte" }).first().click();
  await expect(page).toHaveURL(/\/support$/);
});

test("a suggestion is sent and thanked", async ({ page }, testInfo) => {
  await signIn(page, accounts.learner.email, { at: "/faq" });
  await page.getByRole("link", { name: "Sugerencias" }).click();
  const dialog = page.getByRole("dialog", { name: "Sugerencias" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Enviar" }).click();
  await expect(dialog.getByText("Este campo es obligatorio")).toHaveCount(2);
  await dialog.getByLabel("Categoría").selectOption({ index: 1 });
  await dialog.getByLabel("Tu sugerencia").fill("Me gustaría ver más casos prácticos.");
  await screenshot(page, testInfo, "suggestion");
  await dialog.getByRole("button", { name: "Enviar" }).click();
  if (jsEnabled(testInfo)) {
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  } else {
    await expect(page.getByText("¡Gracias por tu sugerencia!")).toBeVisible();
  }
});

test("a support request is confirmed, sent and listed", async ({ page }, testInfo) => {
  await signIn(page, accounts.newUser.email, { at: "/support" });
  await expect(page.getByText("No tienes temas reportados")).toBeVisible();
  await expect(page.getByText('Si deseas realizar un reporte, haz clic en "Nueva solicitud"')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, "support-empty");
  await page.getByRole("link", { name: "Nueva solicitud" }).click();
  const dialog = page.getByRole("dialog", { name: "Nueva solicitud" });
  await expect(dialog.getByLabel("Dispositivo")).not.toHaveValue("");
  await dialog.getByLabel("Asunto").fill("Corto");
  await dialog.getByRole("button", { name: "Enviar" }).click();
  await expect(dialog.getByText("El número mínimo de caracteres es 8")).toBeVisible();
  await dialog.getByLabel("Asunto").fill("No carga el video de bienvenida");
  await dialog.getByLabel("Sección de la app").selectOption("Inicio");
  await dialog.getByLabel("Categoría", { exact: true }).selectOption({ index: 1 });
  await dialog.getByLabel("Subcategoría").selectOption({ index: 1 });
  await dialog.getByLabel("Comentario").fill("Se queda la pantalla en negro al abrirlo.");
  await screenshot(page, testInfo, "support-form");
  await dialog.getByRole("button", { name: "Enviar" }).click();
  await expect(dialog.getByText("¿Enviar solicitud de soporte?")).toBeVisible();
  await expect(dialog.getByText("Estas apunto de enviar una solicitud.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog.getByLabel("Asunto")).toHaveValue("No carga el video de bienvenida");
  await dialog.getByRole("button", { name: "Enviar" }).click();
  await dialog.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("¡Solicitud enviada con éxito!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No carga el video de bienvenida" })).toBeVisible();
});

test("a contact comment too short, then fixed and sent once despite a double click", async ({ page }, testInfo) => {
  await page.goto("/contact");
  await fillContact(page, "Muy corto");
  await page.getByRole("button", { name: "Enviar comentario" }).click();
  await expect(page.getByText("El número mínimo de caracteres es 25")).toBeVisible();
  await expect(page.getByLabel("Nombre")).toHaveValue("Mariana López");
  await page.getByLabel("Comentario").fill("Quisiera información sobre la Formación Especializada.");
  await page.getByRole("button", { name: "Enviar comentario" }).dblclick();
  await expect(page.getByText("¡Tu comentario ha sido enviado con éxito!")).toBeVisible();
  await expect.poll(contactCount).toBe(1);
  await screenshot(page, testInfo, "contact-sent");
  if (jsEnabled(testInfo)) await expect(page.getByLabel("Nombre")).toHaveValue("");
});

test("a contact comment refused by the server before the live form loaded, then sent with it: the form empties", async ({
  page,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the live form is JavaScript's; without it the server's form answers (the test above)");
  // The live form's chunk arrives only after the server's form has answered the first try.
  const release = await holdRequests(page, /contact-form-live/);
  await page.goto("/contact");
  await fillContact(page, "Muy corto");
  await page.getByRole("button", { name: "Enviar comentario" }).click();
  await expect(page.getByText("El número mínimo de caracteres es 25")).toBeVisible();
  release();
  await expect(page.locator(".contact-form .field-counter")).toHaveText("9/512");
  await page.getByLabel("Comentario").fill("Quisiera información sobre la Formación Especializada.");
  await page.getByRole("button", { name: "Enviar comentario" }).click();
  await expect(page.getByText("¡Tu comentario ha sido enviado con éxito!")).toBeVisible();
  // The fresh form: neither the refused values the server's answer wrote into its HTML nor their count come back.
  await expect(page.getByLabel("Nombre")).toHaveValue("");
  await expect(page.getByLabel("Comentario")).toHaveValue("");
  await expect(page.locator(".contact-form .field-counter")).toHaveText("0/512");
  await expect.poll(contactCount).toBe(1);
});

test("the contact footer shows the server's message for a refused comment", async ({ page }) => {
  await page.goto("/about");
  await fillContact(page, "Esto es spam, spam y más spam del malo.");
  await page.getByRole("button", { name: "Enviar comentario" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByLabel("Comentario")).toHaveValue("Esto es spam, spam y más spam del malo.");
  expect(await contactCount()).toBe(0);
});

for (const lng of ["es", "en"] as const) {
  test(`the guest pages speak ${lng}`, async ({ page }, testInfo) => {
    await page.goto("/about");
    if (lng === "en") await chooseLanguage(page, "en", testInfo);
    const titles =
      lng === "es" ? ["Nosotros", "Insiders", "Partners", "Contacto"] : ["About us", "Insiders", "Partners", "Contact"];
    const links = lng === "es" ? ["Nosotros", "Insider", "Partner", "Contacto"] : ["About us", "Insider", "Partner", "Contact"];
    for (const [index, link] of links.entries()) {
      await page.getByRole("navigation").getByRole("link", { name: link, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles[index] ?? "");
      await expectAccessible(page);
    }
    await page.goto("/about");
    await expect(page.getByText(lng === "es" ? "Formación Especializada" : "Specialised Training")).toBeVisible();
    await screenshot(page, testInfo, `about-${lng}`);
  });
}

test.describe("on a phone (touch)", () => {
  test.use({ hasTouch: true });

  test("length-limited fields count their characters as they are typed, and say so near the end (issue #29 item 6)", async ({
    page,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "the count follows typing with JavaScript only; without it the limits still hold");
    await signIn(page, accounts.learner.email, { at: "/faq/suggestion" });
    const suggestion = page.getByLabel("Tu sugerencia");
    const counter = page.locator(".field", { has: suggestion }).locator(".field-counter");
    await expect(counter).toHaveText("0/128");
    await suggestion.tap();
    await suggestion.pressSequentially("Hola");
    await expect(counter).toHaveText("4/128");
    await suggestion.fill("x".repeat(110));
    await suggestion.press("End");
    await suggestion.pressSequentially("y");
    await expect(counter.locator("[aria-live=polite]")).toHaveText("Quedan 17 caracteres");
    await expectAccessible(page);
    await screenshot(page, testInfo, "field-counter", { fullPage: false });

    await page.goto("/support/new");
    const subject = page.locator(".field", { has: page.getByLabel("Asunto") }).locator(".field-counter");
    await expect(subject).toHaveText("0/128");
    await page.goto("/contact");
    await page.locator(".contact-form").getByLabel("Comentario").tap();
    await expect(page.locator(".contact-form .field-counter")).toHaveText("0/512");
  });
});
