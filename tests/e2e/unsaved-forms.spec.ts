import type { Dialog, Locator, Page } from "@playwright/test";
import {
  accounts,
  chooseLanguage,
  expect,
  expectAccessible,
  holdRequests,
  hydrated,
  mock,
  screenshot,
  signIn,
  test,
} from "./fixtures";
import { tapReachable } from "./touch";

/**
 * Typed data is never lost without warning (issue #14 item 12, decision 029): the certification,
 * support, profile and contact forms keep their values across a language switch, ask with the spec's leave
 * dialog before going elsewhere in the app, and have the browser warn on a reload. On a touch screen.
 */
test.use({ hasTouch: true });
test.skip(
  ({ javaScriptEnabled }) => !javaScriptEnabled,
  "the guard is JavaScript's; without it the platform offers none (decision 029)",
);

test.beforeEach(async () => {
  await mock.reset();
});

const leaveDialog = (page: Page, title = "¿Esta seguro de abandonar esta sección?") => page.getByRole("dialog", { name: title });

/** Taps one of the leave dialog's answers and waits for the dialog to go. */
async function answer(page: Page, button: "No" | "Si" | "Yes", title?: string) {
  const dialog = leaveDialog(page, title);
  await tapReachable(dialog.getByRole("button", { name: button }));
  await expect(dialog).toHaveCount(0);
}

/** Reloads and says whether the browser asked first (a `beforeunload` prompt, answered 'stay'). */
async function reloadAsks(page: Page): Promise<boolean> {
  let onDialog: (dialog: Dialog) => void = () => undefined;
  const asked = new Promise<boolean>((resolve) => {
    onDialog = (dialog) => {
      resolve(dialog.type() === "beforeunload");
      void dialog.dismiss();
    };
  });
  page.on("dialog", onDialog);
  await page.evaluate(() => setTimeout(() => location.reload(), 0));
  const result = await Promise.race([asked, page.waitForEvent("load").then(() => false)]);
  page.off("dialog", onDialog);
  return result;
}

/** Types as a person does (keys, so the page has the user activation a browser wants before it warns). */
async function typeInto(field: Locator, text: string) {
  await field.tap();
  await field.fill("");
  await field.pressSequentially(text);
}

test("certification: the values survive a language switch, a reload asks, leaving asks with No and Si", async ({
  page,
}, testInfo) => {
  await signIn(page, accounts.learner.email, { at: "/certifications/new" });
  await hydrated(page);

  // Untouched, nothing asks.
  expect(await reloadAsks(page)).toBe(false);

  await typeInto(page.getByLabel("Nombre de la certificación o curso"), "Auditoría de TI");
  await page.getByLabel("Curso", { exact: true }).tap();
  await page.getByLabel("Institución").fill("ISACA");
  await page.getByLabel("Fecha de expedición").fill("2024-03-15");
  await page.getByLabel("URL de la credencial (opcional)").fill("https://intranet.example/cred/42");

  await page.getByRole("link", { name: "Continuar" }).tap();
  const leave = leaveDialog(page);
  await expect(leave).toBeVisible();
  await expect(leave.getByText("Al cerrar la sección, se borrarán todos del formulario.", { exact: false })).toBeVisible();
  await expect(leave.getByRole("button", { name: "No" })).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, testInfo, "unsaved-certification-leave");
  await answer(page, "No");
  await expect(page).toHaveURL(/\/certifications\/new$/);
  await expect(page.getByLabel("Institución")).toHaveValue("ISACA");

  await chooseLanguage(page, "en", testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "Add a certification" })).toBeVisible();
  await expect(page.getByLabel("Name of the certification or course")).toHaveValue("Auditoría de TI");
  await expect(page.getByLabel("Course", { exact: true })).toBeChecked();
  await expect(page.getByLabel("Institution")).toHaveValue("ISACA");
  await expect(page.getByLabel("Issue date")).toHaveValue("2024-03-15");
  await expect(page.getByLabel("Credential URL (optional)")).toHaveValue("https://intranet.example/cred/42");

  // Still unsaved in English: a reload asks, and staying keeps everything.
  await typeInto(page.getByLabel("Credential ID (optional)"), "ID-7");
  expect(await reloadAsks(page)).toBe(true);
  await expect(page.getByLabel("Institution")).toHaveValue("ISACA");

  await page.getByRole("link", { name: "Continue" }).tap();
  const leaveEn = leaveDialog(page, "Are you sure you want to leave this section?");
  await expect(
    leaveEn.getByText("If you leave the section, everything in the form will be erased.", { exact: false }),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, "unsaved-certification-leave-en");
  await answer(page, "Yes", "Are you sure you want to leave this section?");
  await expect(page).toHaveURL(/\/select_learning_path$/);
});

test("certification: what is typed before the page's scripts have run counts as typed", async ({ page }) => {
  await signIn(page);
  // The scripts arrive late, as on a slow phone: the server's form is filled in first.
  await page.route("**/build/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/certifications/new", { waitUntil: "commit" });
  await page.getByLabel("Institución").fill("ISACA");
  await hydrated(page);
  await page.getByRole("link", { name: "Continuar" }).tap();
  await answer(page, "No");
  await expect(page.getByLabel("Institución")).toHaveValue("ISACA");
});

test("certification: after a successful save nothing asks", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/certifications/new" });
  await typeInto(page.getByLabel("Nombre de la certificación o curso"), "Auditoría de TI");
  await page.getByLabel("Institución").fill("ISACA");
  await page.getByLabel("Fecha de expedición").fill("2024-03-15");
  await page.getByRole("button", { name: "Guardar certificación" }).tap();
  await expect(page.getByRole("status").filter({ hasText: "¡Certificado guardado con éxito!" })).toBeVisible();
  await expect(page.getByLabel("Institución")).toHaveValue("");
  expect(await reloadAsks(page)).toBe(false);
  await page.getByRole("link", { name: "Continuar" }).tap();
  await expect(page).toHaveURL(/\/select_learning_path$/);
});

async function fillSupport(dialog: Locator) {
  await typeInto(dialog.getByLabel("Asunto"), "No carga el video de bienvenida");
  await dialog.getByLabel("Sección de la app").selectOption("Inicio");
  await dialog.getByLabel("Categoría", { exact: true }).selectOption({ index: 1 });
  await dialog.getByLabel("Subcategoría").selectOption({ index: 1 });
  await dialog.getByLabel("Comentario").fill("Se queda la pantalla en negro al abrirlo.");
}

test("support: Escape, Cerrar and the backdrop ask before the typed request goes; a language switch keeps it", async ({
  page,
}, testInfo) => {
  await signIn(page, accounts.learner.email, { at: "/support" });
  await page.getByRole("link", { name: "Nueva solicitud" }).tap();
  const dialog = page.getByRole("dialog", { name: "Nueva solicitud" });
  await expect(dialog.getByLabel("Dispositivo")).not.toHaveValue("");

  // Untouched, Escape closes at once.
  await dialog.getByLabel("Asunto").focus();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/support$/);
  await page.getByRole("link", { name: "Nueva solicitud" }).tap();
  await fillSupport(dialog);
  const subcategory = await dialog.getByLabel("Subcategoría").inputValue();

  const leave = leaveDialog(page);
  await page.keyboard.press("Escape");
  await expect(leave).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, "unsaved-support-leave");
  await answer(page, "No");
  await expect(dialog.getByLabel("Asunto")).toHaveValue("No carga el video de bienvenida");
  await expect(page).toHaveURL(/\/support\/new$/);

  await dialog.getByRole("link", { name: "Cerrar" }).tap();
  await answer(page, "No");
  await expect(dialog).toBeVisible();

  // A tap on the backdrop, outside the dialog's box.
  await page.touchscreen.tap(3, 3);
  await answer(page, "No");
  await expect(dialog.getByLabel("Comentario")).toHaveValue("Se queda la pantalla en negro al abrirlo.");

  // Escape again and again (with no tap between, the browser closes a dialog without asking the
  // page): it asks, then stays, and the request is never lost.
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press("Escape");
    await expect(leave).toHaveCount(i % 2 === 0 ? 1 : 0);
    await expect(dialog).toBeVisible();
  }
  await expect(page).toHaveURL(/\/support\/new$/);
  await expect(dialog.getByLabel("Asunto")).toHaveValue("No carga el video de bienvenida");

  expect(await reloadAsks(page)).toBe(true);
  await expect(dialog.getByLabel("Asunto")).toHaveValue("No carga el video de bienvenida");

  await chooseLanguage(page, "en", testInfo);
  const dialogEn = page.getByRole("dialog", { name: "New request" });
  await expect(dialogEn.getByLabel("Subject")).toHaveValue("No carga el video de bienvenida");
  await expect(dialogEn.getByLabel("App section")).toHaveValue("Inicio");
  await expect(dialogEn.getByLabel("Subcategory")).toHaveValue(subcategory);
  await expect(dialogEn.getByLabel("Comment")).toHaveValue("Se queda la pantalla en negro al abrirlo.");

  await page.keyboard.press("Escape");
  await answer(page, "Yes", "Are you sure you want to leave this section?");
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("support: the review step asks too, and sending leaves without asking", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/support/new" });
  const dialog = page.getByRole("dialog", { name: "Nueva solicitud" });
  await fillSupport(dialog);
  await dialog.getByRole("button", { name: "Enviar" }).tap();
  // The question takes the focus, which scrolls the dialog: × is tapped where it ends up (a tap
  // aimed before that scroll landed beside it under load).
  await expect(dialog.locator(".confirm-title")).toBeFocused();
  await dialog.getByRole("link", { name: "Cerrar" }).tap();
  const leave = leaveDialog(page);
  await answer(page, "No");
  await expect(dialog.getByText("¿Enviar solicitud de soporte?")).toBeVisible();
  await dialog.getByRole("button", { name: "Continuar" }).tap();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByText("¡Solicitud enviada con éxito!")).toBeVisible();
  await expect(leave).toHaveCount(0);
  expect(await reloadAsks(page)).toBe(false);
});

test("support: × tapped while the review step's page data is still coming asks all the same", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/support/new" });
  const dialog = page.getByRole("dialog", { name: "Nueva solicitud" });
  await fillSupport(dialog);
  // The loaders the router runs again after the review step's action, held: a slow network.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    void page.route(/\/support\/new\.data\?_routes=/, async (route) => {
      resolve();
      await new Promise<void>((done) => (release = done));
      await route.continue();
    });
  });
  await dialog.getByRole("button", { name: "Enviar" }).tap();
  await held;
  await expect(dialog.locator(".confirm-title")).toBeFocused();
  await dialog.getByRole("link", { name: "Cerrar" }).tap();
  release();
  // The router drops a leave it blocked when the navigation in flight ends; the form asks again.
  await answer(page, "No");
  await expect(dialog.getByText("¿Enviar solicitud de soporte?")).toBeVisible();
  await expect(page).toHaveURL(/\/support\/new$/);
});

test("profile: the values survive a language switch, a reload asks, Regresar asks with No and Si", async ({ page }, testInfo) => {
  await signIn(page, accounts.learner.email, { at: "/update_profile" });
  await hydrated(page);

  // Filled from the legacy API and untouched: leaving asks nothing.
  await page.getByRole("link", { name: "Regresar" }).tap();
  await expect(page).toHaveURL(/\/select_content_type$/);
  await page.goto("/update_profile");

  await typeInto(page.getByLabel("¿Cómo quieres que te llamemos?"), "Anny");
  await page.getByLabel("Carrera o título").fill("Contaduría Pública");
  await page.getByLabel("Nivel de Inglés").selectOption("Avanzado");

  await page.getByRole("link", { name: "Regresar" }).tap();
  const leave = leaveDialog(page);
  await expect(leave).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, "unsaved-profile-leave");
  await answer(page, "No");
  await expect(page.getByLabel("¿Cómo quieres que te llamemos?")).toHaveValue("Anny");

  await chooseLanguage(page, "en", testInfo);
  await expect(page.getByLabel("What should we call you?")).toHaveValue("Anny");
  await expect(page.getByLabel("Degree")).toHaveValue("Contaduría Pública");
  await expect(page.getByLabel("English level")).toHaveValue("Avanzado");

  await typeInto(page.getByLabel("University acronym"), "USR");
  expect(await reloadAsks(page)).toBe(true);
  await expect(page.getByLabel("What should we call you?")).toHaveValue("Anny");

  await page.getByRole("link", { name: "Back" }).tap();
  await answer(page, "Yes", "Are you sure you want to leave this section?");
  await expect(page).toHaveURL(/\/select_content_type$/);
  await page.goto("/update_profile");
  await expect(page.getByLabel("What should we call you?")).not.toHaveValue("Anny");
});

test("contact (a guest): the values survive a language switch, and leaving asks (issue #29 item 5)", async ({
  page,
}, testInfo) => {
  await page.goto("/contact");
  const form = page.locator(".contact-form");
  await typeInto(form.getByLabel("Nombre"), "Ana Martínez");
  await form.getByLabel("Comentario").fill("Quisiera saber cuándo abre la Formación Dirigida.");
  await chooseLanguage(page, "en", testInfo);
  await expect(page.locator(".contact-form").getByLabel("Name")).toHaveValue("Ana Martínez");
  await expect(page.locator(".contact-form").getByLabel("Comment")).toHaveValue(
    "Quisiera saber cuándo abre la Formación Dirigida.",
  );
  await tapReachable(page.getByRole("link", { name: "About us" }).first());
  await answer(page, "No", "Are you sure you want to leave this section?");
  await expect(page).toHaveURL(/\/contact$/);
});

/** The live contact form's chunk, asked for as soon as someone types. */
const LIVE_CONTACT_FORM = /\/contact-form-live-[\w-]+\.js$/;

test("contact: what was typed while the live form was still loading survives a language switch", async ({ page }) => {
  const release = await holdRequests(page, LIVE_CONTACT_FORM);
  await page.goto("/contact");
  await hydrated(page);
  const form = page.locator(".contact-form");
  await typeInto(form.getByLabel("Nombre"), "Ana Martínez");
  await form.getByLabel("Comentario").fill("Quisiera saber cuándo abre la Formación Dirigida.");
  await page.locator("#language-select").selectOption("en");
  release();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator(".contact-form").getByLabel("Name")).toHaveValue("Ana Martínez");
  await expect(page.locator(".contact-form").getByLabel("Comment")).toHaveValue(
    "Quisiera saber cuándo abre la Formación Dirigida.",
  );
});

test("contact: a live form that fails to load does not hold the language switch", async ({ page }) => {
  // The switch's wait for a live form that never comes ends after 3 s: this clock, paused, never gets there.
  await page.clock.install();
  const fail = await holdRequests(page, LIVE_CONTACT_FORM, "fails");
  await page.goto("/contact");
  await hydrated(page);
  await page.clock.pauseAt(Date.now() + 500);
  await typeInto(page.locator(".contact-form").getByLabel("Nombre"), "Ana Martínez");
  await page.locator("#language-select").selectOption("en");
  fail();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("a draft is for the language switch only: leaving with Si does not bring it back", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/support/new" });
  const dialog = page.getByRole("dialog", { name: "Nueva solicitud" });
  await typeInto(dialog.getByLabel("Asunto"), "Un asunto que se descarta");
  // Escape is the script's: the server draws the dialog open, not modal.
  await expect(page.locator("dialog.route-dialog:modal")).toBeVisible();
  await page.keyboard.press("Escape");
  await answer(page, "Si");
  await expect(page).toHaveURL(/\/support$/);
  await page.getByRole("link", { name: "Nueva solicitud" }).tap();
  await expect(dialog.getByLabel("Asunto")).toHaveValue("");
});

test("with the tab's storage full, the page still works and still asks", async ({ page }, testInfo) => {
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signIn(page, accounts.learner.email, { at: "/certifications/new" });
  await typeInto(page.getByLabel("Institución"), "ISACA");
  await chooseLanguage(page, "en", testInfo);
  await expect(page.getByLabel("Institution")).toHaveValue("");
  await typeInto(page.getByLabel("Institution"), "ISACA");
  await page.getByRole("link", { name: "Continue" }).tap();
  await answer(page, "No", "Are you sure you want to leave this section?");
  await expect(page.getByLabel("Institution")).toHaveValue("ISACA");
  expect(errors).toEqual([]);
});
