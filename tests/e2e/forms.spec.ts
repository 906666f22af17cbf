import type { Locator, Page, Response } from "@playwright/test";
import { expect, mock, scaled, signIn, test } from "./fixtures";

/**
 * Issue #7's JS budget: zod reaches the browser only when the user starts filling in a form
 * (app/lib/use-zod-form.ts). The server always validates; these tests are about JavaScript, so
 * they run in the js-on project only.
 */
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "lazy client-side validation needs JavaScript");

test.beforeEach(async () => {
  await mock.reset();
});

/** The scripts and the non-GET requests of the page from now on. */
function watch(page: Page) {
  const scripts: Response[] = [];
  const sent: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response);
  });
  page.on("request", (request) => {
    if (request.method() !== "GET") sent.push(`${request.method()} ${request.url()}`);
  });
  return { scripts, sent };
}

/** Whether one of the scripts holds zod (its error class keeps its name through minification). */
async function holdZod(scripts: Response[]) {
  const bodies = await Promise.all(scripts.map((script) => script.text()));
  return bodies.some((body) => body.includes('"ZodError"'));
}

/** Once the validator has loaded (a script holding zod arrived), submits the form with `button`. */
async function submitOnceLoaded(scripts: Response[], button: Locator) {
  await expect.poll(() => holdZod(scripts), { timeout: scaled(10_000) }).toBe(true);
  await button.click();
}

test("login: zod loads on the first interaction and a submit's errors show without asking the server", async ({ page }) => {
  const initial = watch(page);
  await page.goto("/login", { waitUntil: "networkidle" });
  expect(initial.scripts.length).toBeGreaterThan(0);
  expect(await holdZod(initial.scripts)).toBe(false);

  const later = watch(page);
  await page.getByLabel("Usuario").fill("a");
  await submitOnceLoaded(later.scripts, page.getByRole("button", { name: "Iniciar sesión" }));
  await expect(page.locator("#login-email-error")).toHaveText("- El número mínimo de caracteres es 2");
  await expect(page.locator("#login-password-error")).toHaveText("- Este campo es obligatorio");
  // Revalidated as the user types.
  await page.getByLabel("Usuario").fill("ana");
  await expect(page.locator("#login-email-error")).toHaveCount(0);
  expect(later.sent).toEqual([]);
});

test("home: the contact form loads zod only once touched, then validates on submit", async ({ page }) => {
  await signIn(page);
  // Home reached by the sign-in's client navigation loads its live contact form at once: let it finish.
  await page.waitForLoadState("networkidle");
  const initial = watch(page);
  await page.reload({ waitUntil: "networkidle" });
  expect(await holdZod(initial.scripts)).toBe(false);

  const later = watch(page);
  const contact = page.locator(".contact-form");
  const name = contact.getByLabel("Nombre");
  await name.fill("M");
  const id = await name.getAttribute("id");
  await submitOnceLoaded(later.scripts, contact.getByRole("button", { name: "Enviar comentario" }));
  await expect(page.locator(`#${id}-error`)).toHaveText("El número mínimo de caracteres es 2");
  expect(later.sent).toEqual([]);
});

test("a submit before the validator has loaded gets the server's errors and keeps the input", async ({ page }) => {
  await page.goto("/contact", { waitUntil: "networkidle" });
  // Every script asked for from now on but the action's route module is the validator's: hold it
  // back until the server has answered.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/build\/(?!routes\/contact-form\/)/, async (route) => {
    await held;
    await route.continue();
  });
  const { sent } = watch(page);
  const comment = page.getByLabel("Comentario");
  await comment.fill("Demasiado breve");
  await page.getByRole("button", { name: "Enviar comentario" }).click();

  await expect(page.getByText("El número mínimo de caracteres es 25")).toBeVisible();
  await expect(page.getByText("Este campo es obligatorio")).toHaveCount(3);
  await expect(comment).toHaveValue("Demasiado breve");
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatch(/^POST .*\/contact/);

  // Once it loads, the browser takes over: fixing the comment clears its error without a request.
  release();
  await expect(async () => {
    await comment.fill(`Un comentario bastante largo para pasar, ${Date.now()}`);
    await expect(page.getByText("El número mínimo de caracteres es 25")).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: scaled(10_000) });
  expect(sent).toHaveLength(1);
});
