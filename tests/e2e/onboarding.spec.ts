import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import {
  accounts,
  afterPendingTasks,
  chooseLanguage,
  expect,
  expectAccessible,
  holdRequests,
  hydrated,
  jsEnabled,
  mock,
  scaled,
  screenshot,
  signIn,
  test,
} from "./fixtures";
import { currentApp } from "./servers";

test.beforeEach(async () => {
  await mock.reset();
});

function ssoLink(email: string) {
  return execFileSync("node", ["scripts/sso-link.mjs", `email=${email}`], {
    env: { ...process.env, PORT: String(currentApp().port), LEGACY_API_URL: "" },
    encoding: "utf8",
  }).trim();
}

const newsDialog = (page: Page) => page.locator("dialog.news-dialog");

/** A new user's questionnaire with JavaScript: the first part answered and sent, the second answered. */
async function answerTwoParts(page: Page) {
  await page.goto(ssoLink(accounts.newUser.email));
  await page.goto("/questionnaires", { waitUntil: "networkidle" });
  await page.getByLabel("De 1 a 3 años", { exact: true }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/questionnaires#parte-2$/);
  await page.getByLabel("Sí", { exact: true }).check();
}

/** Ends the welcome video at once (it is a few seconds long; the test need not watch it). */
async function endWelcomeVideo(page: Page) {
  const video = newsDialog(page).locator("video");
  await expect(video).toBeVisible();
  await video.evaluate((element) => element.dispatchEvent(new Event("ended")));
  await expect(video).toHaveCount(0);
}

async function answerQuestionnaire(page: Page, js: boolean) {
  const options = ["De 1 a 3 años", "Sí", "Excel", "Fraude"];
  for (const [index, option] of options.entries()) {
    await expect(page.getByText(`Parte ${index + 1} de ${options.length}`)).toBeVisible();
    const back = page.getByRole("button", { name: "Regresar" });
    if (index === 0) await expect(back).toBeDisabled();
    else await expect(back).toBeEnabled();
    const next = page.getByRole("button", { name: index === options.length - 1 ? "Finalizar" : "Continuar" });
    if (js) await expect(next).toBeDisabled();
    await page.getByLabel(option, { exact: true }).check();
    await expect(next).toBeEnabled();
    await next.click();
  }
}

test.describe("the new user's welcome and onboarding", () => {
  test("from an SSO link through the welcome news and every step to home, then back to saved choices", async ({
    page,
  }, testInfo) => {
    test.setTimeout(scaled(90_000));
    const js = jsEnabled(testInfo);
    await page.clock.install();
    await page.goto(ssoLink(accounts.newUser.email));
    await expect(page).toHaveURL(`${currentApp().origin}/`);

    // The welcome news with its floating video.
    const dialog = newsDialog(page);
    await expect(dialog.getByRole("heading", { name: "¡Bienvenido a la Academia!" })).toBeVisible();
    const video = dialog.locator("video");
    if (js) {
      await expect(video).not.toHaveAttribute("controls");
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused || element.ended)).toBe(true);
      await expect(dialog.getByRole("button", { name: /cerrar|close/i })).toHaveCount(0);
      await screenshot(page, testInfo, "onboarding-welcome-video");
      await endWelcomeVideo(page);
    } else {
      await expect(video).toHaveAttribute("controls");
    }
    await expectAccessible(page);
    await screenshot(page, testInfo, "onboarding-welcome-news");
    await dialog.getByRole("button", { name: "Continuar" }).click();

    // Questionnaire.
    await expect(page).toHaveURL(/\/questionnaires$/);
    await expect(page.getByRole("heading", { level: 1, name: "Cuestionario" })).toBeVisible();
    await expect(page).toHaveTitle("Academia · Cuestionario");
    await expectAccessible(page);
    await screenshot(page, testInfo, "onboarding-questionnaire");
    if (!js) {
      await page.getByRole("button", { name: "Continuar" }).click();
      await expect(page.getByRole("alert")).toHaveText("Elige una respuesta para continuar");
    }
    await answerQuestionnaire(page, js);

    // Certifications intro, then the form.
    await expect(page).toHaveURL(/\/certifications$/);
    await expect(page.getByText("¡Datos guardados con éxito!")).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "onboarding-certifications");
    await page.getByRole("link", { name: "Ingresar certificación", exact: true }).click();
    await expect(page).toHaveURL(/\/certifications\/new$/);
    await page.getByRole("button", { name: "Guardar certificación" }).click();
    await expect(page.locator("#certification-certificate-error")).toHaveText("Este campo es obligatorio");
    await page.getByLabel("Nombre de la certificación o curso").fill("Auditoría de TI");
    await page.getByLabel("Curso", { exact: true }).check();
    await page.getByLabel("Institución").fill("ISACA");
    await page.getByLabel("Fecha de expedición").fill("2024-03-15");
    await page.getByLabel("Archivo del certificado (opcional: PNG, JPEG o PDF)").setInputFiles({
      name: "diploma.png",
      mimeType: "image/png",
      buffer: Buffer.from("<html>not an image</html>"),
    });
    await page.getByRole("button", { name: "Guardar certificación" }).click();
    await expect(page.locator("#certification-file_certificate-error")).toHaveText("El archivo debe ser PNG, JPEG o PDF");
    await expect(page.getByLabel("Institución")).toHaveValue("ISACA");
    await page.getByLabel("Archivo del certificado (opcional: PNG, JPEG o PDF)").setInputFiles({
      name: "diploma.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
    });
    await page.getByRole("button", { name: "Guardar certificación" }).click();
    await expect(page.getByRole("status").filter({ hasText: "¡Certificado guardado con éxito!" })).toBeVisible();
    await expect(page.getByLabel("Institución")).toHaveValue("");
    await expectAccessible(page);
    await screenshot(page, testInfo, "onboarding-certification-saved");
    if (js) {
      await page.getByLabel("Institución").fill("IIA");
      await page.getByRole("link", { name: "Continuar" }).click();
      const leave = page.getByRole("dialog", { name: "¿Esta seguro de abandonar esta sección?" });
      await expect(leave).toBeVisible();
      await expectAccessible(page);
      await screenshot(page, testInfo, "onboarding-leave-confirmation");
      await leave.getByRole("button", { name: "No" }).click();
      await expect(page).toHaveURL(/\/certifications\/new$/);
      await expect(page.getByLabel("Institución")).toHaveValue("IIA");
      await page.getByRole("link", { name: "Continuar" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Si" }).click();
    } else {
      await page.getByRole("button", { name: "Continuar" }).click();
    }

    // Topics and content types.
    await expect(page).toHaveURL(/\/select_learning_path$/);
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.locator("#topics-ids-error")).toHaveText("Este campo es obligatorio");
    await page.getByLabel("Fraude").check();
    await page.getByLabel("Analítica de datos").check();
    await expectAccessible(page);
    await screenshot(page, testInfo, "onboarding-topics");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/\/select_content_type$/);
    await page.getByLabel("Video").check();
    await expectAccessible(page);
    await screenshot(page, testInfo, "onboarding-content-types");
    await page.getByRole("button", { name: "Continuar" }).click();

    // Profile update.
    await expect(page).toHaveURL(/\/update_profile$/);
    await expect(page.getByLabel("Nombre completo")).toHaveValue(accounts.newUser.name);
    await page.getByLabel("Carrera o título").fill("Contaduría Pública");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.locator("#profile-university-error")).toHaveText("Este campo es obligatorio");
    await expect(page.getByLabel("Carrera o título")).toHaveValue("Contaduría Pública");
    await page.getByLabel("¿Cómo quieres que te llamemos?").fill("Lu");
    await page.getByLabel("Universidad", { exact: true }).fill("Universidad de Chile");
    await page.getByLabel("Siglas de la universidad").fill("UCH");
    await page.getByLabel("Nivel de Inglés").selectOption("Intermedio");
    await expectAccessible(page);
    await screenshot(page, testInfo, "onboarding-profile");
    await page.getByRole("button", { name: "Continuar" }).click();

    // The loader, then home with the next pending news.
    await expect(page).toHaveURL(/\/user_loader$/);
    await expect(page.getByRole("heading", { name: "¡Hola, Lucía!" })).toBeVisible();
    await expect(page.getByRole("progressbar")).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "onboarding-loader");
    if (js) {
      // The loader's 3 s, on the page's clock.
      await page.clock.runFor(3_000);
      await expect(page).toHaveURL(`${currentApp().origin}/`);
    } else {
      // Without JavaScript the browser follows the page's own 3 s refresh, which no test clock moves.
      await expect(page).toHaveURL(`${currentApp().origin}/`, { timeout: scaled(10_000) });
    }
    await expect(newsDialog(page).getByRole("heading", { name: "Nueva ruta: Formación Especializada" })).toBeVisible();
    await newsDialog(page).getByRole("button", { name: "Continuar" }).click();
    await expect(newsDialog(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bienvenido a la Academia");

    // Coming back shows every saved choice.
    await page.goto("/questionnaires");
    await expect(page.getByLabel("De 1 a 3 años", { exact: true })).toBeChecked();
    await page.goto("/certifications");
    await expect(page.getByText("Auditoría de TI")).toBeVisible();
    await page.goto("/select_learning_path");
    await expect(page.getByLabel("Fraude")).toBeChecked();
    await expect(page.getByLabel("Analítica de datos")).toBeChecked();
    await expect(page.getByLabel("Control interno")).not.toBeChecked();
    await page.goto("/select_content_type");
    await expect(page.getByLabel("Video")).toBeChecked();
    await page.goto("/update_profile");
    await expect(page.getByLabel("¿Cómo quieres que te llamemos?")).toHaveValue("Lu");
    await expect(page.getByLabel("Siglas de la universidad")).toHaveValue("UCH");
    await expect(page.getByLabel("Nivel de Inglés")).toHaveValue("Intermedio");
  });

  test("with Save-Data the welcome video waits for a tap", async ({ page, context }, testInfo) => {
    await context.setExtraHTTPHeaders({ "Save-Data": "on" });
    await page.clock.install();
    await page.goto(ssoLink(accounts.newUser.email));
    await expect(page).toHaveURL(`${currentApp().origin}/`);
    await page.goto("/");
    const video = newsDialog(page).locator("video");
    await expect(video).toHaveAttribute("preload", "none");
    if (!jsEnabled(testInfo)) {
      // Without JavaScript nothing autoplays anyway: a plain video with its own controls.
      await expect(video).toHaveAttribute("controls");
      await expect(video).not.toHaveAttribute("autoplay");
      return;
    }
    const play = newsDialog(page).getByRole("button", { name: "Reproducir el video de bienvenida" });
    await expect(play).toBeVisible();
    // Past the half second after which a video autoplays, on the page's clock.
    await afterPendingTasks(page);
    await page.clock.runFor(1_000);
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await expectAccessible(page);
    await screenshot(page, testInfo, "onboarding-welcome-save-data");
    await play.click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused || element.ended)).toBe(true);
  });

  test("a certificate file over 4 MB is refused with its message, keeping what was typed", async ({ page }, testInfo) => {
    await page.goto(ssoLink(accounts.newUser.email));
    await page.goto("/certifications/new");
    await page.getByLabel("Nombre de la certificación o curso").fill("Auditoría de TI");
    await page.getByLabel("Institución").fill("ISACA");
    await page.getByLabel("Archivo del certificado (opcional: PNG, JPEG o PDF)").setInputFiles({
      name: "diploma.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(4 * 1024 * 1024)]),
    });
    await page.getByRole("button", { name: "Guardar certificación" }).click();
    await expect(page.locator("#certification-file_certificate-error")).toHaveText("El archivo no debe superar los 4 MB");
    // With JavaScript the browser refuses it before sending; without it the server stops reading
    // at the limit and gives back what was typed before the file.
    await expect(page.getByLabel("Institución")).toHaveValue("ISACA");
    await expect(page.getByLabel("Nombre de la certificación o curso")).toHaveValue("Auditoría de TI");
    await screenshot(page, testInfo, "onboarding-certificate-too-large");
  });

  test("a language code the page never offered is refused under its row", async ({ page }) => {
    await page.goto(ssoLink(accounts.newUser.email));
    await page.goto("/update_profile");
    await page.getByLabel("¿Cómo quieres que te llamemos?").fill("Lu");
    await page.getByLabel("Universidad", { exact: true }).fill("Universidad de Chile");
    await page.getByLabel("Siglas de la universidad").fill("UCH");
    await page.getByLabel("Carrera o título").fill("Contaduría Pública");
    await page.getByLabel("Nivel de Inglés").selectOption("Intermedio");
    // What a tampered request would send: the server is the authority, and says so on the page.
    await page.route("**/update_profile*", (route) => {
      const body = route.request().postData();
      return route.continue(
        body ? { postData: body.replace("languages%5B1%5D.language=en", "languages%5B1%5D.language=fr") } : {},
      );
    });
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByRole("group", { name: "Idiomas (opcional)" }).getByText("Este campo no es válido")).toBeVisible();
    await expect(page).toHaveURL(/\/update_profile$/);
    await expect(page.getByLabel("Carrera o título")).toHaveValue("Contaduría Pública");
  });

  test("the questionnaire keeps its part and its answers over Back, a reload and a language switch (issue #29 item 5)", async ({
    page,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "without JavaScript each part is a post the server answers");
    await answerTwoParts(page);
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText("Parte 3 de 4")).toBeVisible();
    // The part is shown before its entry is in the history (the router's navigate is async): Back waits for it.
    await expect(page).toHaveURL(/\/questionnaires#parte-3$/);
    await page.goBack();
    await expect(page.getByText("Parte 2 de 4")).toBeVisible();
    await expect(page.getByLabel("Sí", { exact: true })).toBeChecked();
    await page.goForward();
    await expect(page.getByText("Parte 3 de 4")).toBeVisible();
    await page.reload();
    await expect(page.getByText("Parte 3 de 4")).toBeVisible();
    await chooseLanguage(page, "en", testInfo);
    await expect(page.getByText("Part 3 of 4")).toBeVisible();
    await expect(page.getByLabel("De 1 a 3 años", { exact: true })).toBeChecked();
    await expect(page.getByLabel("Sí", { exact: true })).toBeChecked();
  });

  test("an answer picked before the page's script has run counts once it runs", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "without JavaScript the server's form is the page: nothing runs later");
    await page.goto(ssoLink(accounts.newUser.email));
    // The scripts held back, as on a slow phone: the learner answers the server's page first.
    const release = await holdRequests(page, /\/build\/.+\.js$/);
    await page.goto("/questionnaires", { waitUntil: "commit" });
    const option = page.getByLabel("De 1 a 3 años", { exact: true });
    await option.check();
    release();
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Continuar" })).toBeEnabled();
    await expect(option).toBeChecked();
  });

  test("Back pressed while the next part is still being drawn shows the part before", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "without JavaScript each part is a post the server answers");
    await answerTwoParts(page);
    // A slow phone: the router draws the new address in a transition, and Back comes before it is drawn.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 30 });
    await page.evaluate(() => {
      const next = [...document.querySelectorAll("button")].find((button) => button.textContent === "Continuar");
      next?.click();
      history.back();
    });
    await expect(page).toHaveURL(/\/questionnaires#parte-2$/);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await expect(page.getByText("Parte 2 de 4")).toBeVisible();
    await expect(page.getByLabel("Sí", { exact: true })).toBeChecked();
  });

  test("the steps speak English too", async ({ page }, testInfo) => {
    await page.goto(ssoLink(accounts.newUser.email));
    await page.goto("/questionnaires");
    await chooseLanguage(page, "en", testInfo);
    await expect(page.getByRole("heading", { level: 1, name: "Questionnaire" })).toBeVisible();
    await expect(page.getByText("Part 1 of 4")).toBeVisible();
    await expect(page).toHaveTitle("Academia · Questionnaire");
    await page.goto("/certifications/new");
    await page.getByRole("button", { name: "Save certification" }).click();
    await expect(page.locator("#certification-certificate-error")).toHaveText("This field is required");
    // The catalogue says which university fields are required, and what choosing fills (issue #29 item 7).
    await page.goto("/update_profile");
    await expect(page.getByLabel("University from the list (optional)")).toHaveAccessibleDescription(
      "University, acronym and degree are required: choose your university here to fill in the first two, or type them below.",
    );
  });
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });

  test("a toast never stands between a tap and the field under it; with JavaScript it moves off the field (issue #29 item 6)", async ({
    page,
  }, testInfo) => {
    await page.goto(ssoLink(accounts.newUser.email));
    await page.goto("/select_content_type");
    await page.getByLabel("Video").check();
    await page.getByRole("button", { name: "Continuar" }).tap();
    await expect(page).toHaveURL(/\/update_profile$/);
    const toast = page.locator(".toast").filter({ hasText: "¡Datos guardados con éxito!" });
    await expect(toast).toBeVisible();
    // The field brought under the toast, as on a phone scrolled to it.
    const acronym = page.getByLabel("Siglas de la universidad");
    const shown = (await toast.boundingBox())!;
    const middle = shown.y + shown.height / 2;
    await acronym.evaluate((field, y) => {
      const box = field.getBoundingClientRect();
      window.scrollBy(0, box.top + box.height / 2 - y);
    }, middle);
    const [field, over] = [(await acronym.boundingBox())!, (await toast.boundingBox())!];
    expect(field.y < over.y + over.height && over.y < field.y + field.height, "the field is under the toast").toBe(true);
    await acronym.tap();
    await expect(acronym).toBeFocused();
    await acronym.pressSequentially("UCH");
    await expect(acronym).toHaveValue("UCH");
    if (jsEnabled(testInfo)) {
      await expect(page.locator(".toaster")).toHaveAttribute("data-at", "top");
      const [typed, moved] = [(await acronym.boundingBox())!, (await toast.boundingBox())!];
      expect(typed.y < moved.y + moved.height && moved.y < typed.y + typed.height, "the toast covers the field").toBe(false);
    }
  });
});

test.describe("without JavaScript, on a touch screen", () => {
  test.use({ hasTouch: true });
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "with JavaScript the leave dialog asks (unsaved-forms.spec)");

  test("leaving the certification form with something typed asks first, and No keeps what was typed (spec §8)", async ({
    page,
  }, testInfo) => {
    await signIn(page, accounts.learner.email, { at: "/certifications/new" });
    // Nothing typed: 'Regresar' goes at once.
    await page.getByRole("button", { name: "Regresar" }).tap();
    await expect(page).toHaveURL(/\/certifications$/);
    await page.goto("/certifications/new");
    await page.getByLabel("Nombre de la certificación o curso").fill("CIA Parte 1");
    await page.getByRole("button", { name: "Regresar" }).tap();
    const question = page.getByRole("region", { name: "¿Esta seguro de abandonar esta sección?" });
    await expect(question).toBeVisible();
    await expect(page).toHaveURL(/\/certifications\/new$/);
    await expect(page.getByLabel("Nombre de la certificación o curso")).toHaveValue("CIA Parte 1");
    // Asked, not judged: the other fields are not marked required yet.
    await expect(page.getByText("Este campo es obligatorio")).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, testInfo, "certification-leave-question");
    await question.getByRole("link", { name: "No" }).tap();
    await expect(page.getByLabel("Nombre de la certificación o curso")).toHaveValue("CIA Parte 1");
    await page.getByRole("button", { name: "Continuar" }).tap();
    await expect(question).toBeVisible();
    await question.getByRole("link", { name: "Si" }).tap();
    await expect(page).toHaveURL(/\/select_learning_path$/);
  });
});
