import {
  accounts,
  chooseLanguage,
  expect,
  holdRequests,
  hydrated,
  jsEnabled,
  mock,
  PASSWORD,
  scaled,
  screenshot,
  signIn,
  test,
} from "./fixtures";
import { startLanServer, lanAddress } from "./lan-server";
import { freePort } from "./servers";
import { expectNoSidewaysScroll, tapReachable } from "./touch";

/** Defects found by using the app as learners and leaders would (issue #14), on a touch screen. */
test.use({ hasTouch: true });

test.beforeEach(async () => {
  await mock.reset();
});

test("the last notification is deleted with taps: its confirmation is inside the card, not clipped or covered", async ({
  page,
}, testInfo) => {
  await signIn(page, accounts.learner.email, { at: "/notifications" });
  const cards = page.locator(".notification");
  const count = await cards.count();
  const victim = cards.last();
  const title = (await victim.locator(".card-title").textContent()) ?? "";
  await tapReachable(victim.locator(".notification-menu > summary"));
  await tapReachable(victim.locator(".notification-confirm > summary"));
  await screenshot(page, testInfo, "notification-delete");
  await tapReachable(victim.getByRole("button", { name: "Sí, eliminar" }));
  await expect(page.getByText("¡Acción realizada con éxito!")).toBeVisible();
  await expect(page.locator(".notification", { hasText: title })).toHaveCount(0);
  await expect(cards).toHaveCount(count - 1);
});

test("a pasted link longer than the limit is kept whole and gets the spec's length message", async ({ page }, testInfo) => {
  await signIn(page, accounts.leader.email, { at: "/profile_auditor/material" });
  const dialog = page.getByRole("dialog", { name: "Subir material" });
  const long = `https://intranet.example.com/${"a".repeat(2100)}`;
  await dialog.getByLabel("Título").fill("Guía larga");
  await dialog.getByLabel("Tipo de material").selectOption({ label: "Artículo" });
  await dialog.getByLabel("Enlace").fill(long);
  await dialog.getByLabel("Fecha").fill("2026-11-23");
  await expect(dialog.getByLabel("Enlace")).toHaveValue(long);
  await dialog.getByRole("button", { name: "Subir material" }).click();
  await expect(dialog.getByText("El número máximo de caracteres es 2048")).toBeVisible();
  await expect(dialog.getByLabel("Enlace")).toHaveValue(long);
  await screenshot(page, testInfo, "material-too-long");

  const real = `https://intranet.example.com/sites/auditoria/Documentos%20compartidos/Forms/AllItems.aspx?id=${"x".repeat(40)}`;
  await dialog.getByLabel("Enlace").fill(real);
  await dialog.getByRole("button", { name: "Subir material" }).click();
  await expect(page.getByText("¡Acción realizada con éxito!")).toBeVisible();
});

test("a suggestion over 128 characters is kept and answered with the length message", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/faq/suggestion" });
  const dialog = page.getByRole("dialog", { name: "Sugerencias" });
  const text = "Me gustaría ver más casos prácticos. ".repeat(5);
  await dialog.getByLabel("Categoría").selectOption({ index: 1 });
  await dialog.getByLabel("Tu sugerencia").fill(text);
  await dialog.getByRole("button", { name: "Enviar" }).click();
  await expect(dialog.getByText("El número máximo de caracteres es 128")).toBeVisible();
  await expect(dialog.getByLabel("Tu sugerencia")).toHaveValue(text);
  expect(await page.locator("[maxlength]").count()).toBe(0);
});

test("'Mis resultados' opens from the profile and from Avance, in both languages", async ({ page }, testInfo) => {
  await signIn(page);
  await page.locator(".tab-bar").getByRole("link", { name: "Avance" }).tap();
  await page.getByRole("link", { name: "Ver mis resultados e insignias" }).tap();
  await expect(page).toHaveURL(/\/profile\/my_results$/);
  await expect(page.getByRole("heading", { name: "Mis resultados", level: 1 })).toBeVisible();
  await page.goto("/profile");
  await chooseLanguage(page, "en", testInfo);
  await screenshot(page, testInfo, "profile-results-link");
  await page.getByRole("link", { name: "See my results and badges" }).tap();
  await expect(page).toHaveURL(/\/profile\/my_results$/);
  await expect(page.getByRole("heading", { name: "My results", level: 1 })).toBeVisible();
  await page.goto("/achievements");
  await expect(page.getByRole("link", { name: "See my results and badges" })).toBeVisible();
});

test("trivia: 'Finalizar' waits for the last answer, and a server error opens on the question it names", async ({
  page,
}, testInfo) => {
  test.skip(
    !jsEnabled(testInfo),
    "one question at a time is the JavaScript form; without it every question shows with its error",
  );
  await signIn(page, accounts.learner.email, { at: "/trivia" });
  await page.locator(".trivia-card a").first().tap();
  await expect(page).toHaveURL(/\/trivia\/\d+$/);
  const questions = page.locator(".trivia-question");
  await expect(questions.first()).toBeAttached();
  const total = await questions.count();
  for (let index = 0; index < total - 1; index++) {
    await questions.nth(index).locator(".trivia-option").first().tap();
    await page.getByRole("button", { name: "Continuar" }).tap();
  }
  const finish = page.getByRole("button", { name: "Finalizar" });
  await expect(finish).toBeDisabled();
  await questions
    .nth(total - 1)
    .locator(".trivia-option")
    .first()
    .tap();
  await expect(finish).toBeEnabled();
  // The second answer is lost on its way (as a stale form would send it): the server names it.
  await questions
    .nth(1)
    .locator("input[type=radio]:checked")
    .evaluate((radio: HTMLInputElement) => {
      radio.checked = false;
    });
  await finish.tap();
  await expect(page.getByText(`Pregunta 2 de ${total}`)).toBeVisible();
  await expect(questions.nth(1).locator(".field-error")).toHaveText("Este campo es obligatorio");
  await expect(questions.nth(1).locator(".field-error")).toBeVisible();
});

test("trivia: an answer tapped before the page's script has run counts once it runs", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the server's form is the page: nothing runs later");
  await signIn(page, accounts.learner.email, { at: "/trivia" });
  const href = (await page.locator(".trivia-card a").first().getAttribute("href")) ?? "";
  // The scripts held back, as on a slow phone: the learner answers the server's page first.
  const release = await holdRequests(page, /\/build\/.+\.js$/);
  await page.goto(href, { waitUntil: "commit" });
  const option = page.locator(".trivia-question").first().locator(".trivia-option").first();
  await option.tap();
  await expect(option.locator("input")).toBeChecked();
  release();
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Continuar" })).toBeEnabled();
  await expect(option.locator("input")).toBeChecked();
});

test("embedded mode opened by a non-loopback address: every image and the welcome video come from the app itself", async ({
  browser,
}, testInfo) => {
  test.skip(
    !jsEnabled(testInfo),
    "the addresses are the server's HTML: the run with JavaScript loads the same documents, and its second app, and hydrates them",
  );
  const address = lanAddress();
  test.skip(!address, "this machine has no non-loopback address");
  test.setTimeout(scaled(90_000));
  const port = await freePort();
  const server = await startLanServer(port);
  try {
    const open = async (email: string) => {
      const context = await browser.newContext({ ...testInfo.project.use, baseURL: `http://${address}:${port}`, hasTouch: true });
      const page = await context.newPage();
      await page.goto("/login");
      await page.getByLabel("Usuario").fill(email);
      await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Iniciar sesión" }).tap();
      await page.waitForURL((url) => url.pathname !== "/login");
      return { context, page };
    };
    /** Every image loaded, none from a loopback address; returns how many there were. */
    const checkImages = async (page: Awaited<ReturnType<typeof open>>["page"]) => {
      // Lazy images off screen would not load: ask for all of them now.
      await page.locator("img").evaluateAll((elements) => {
        for (const image of elements as HTMLImageElement[]) image.loading = "eager";
      });
      await page.waitForLoadState("networkidle");
      // Every image of the page asked for at once from a second app: under the suite's load, past 5 s once in CI.
      await expect
        .poll(
          () => page.locator("img").evaluateAll((elements) => (elements as HTMLImageElement[]).every((image) => image.complete)),
          { timeout: scaled(15_000) },
        )
        .toBe(true);
      const images = await page
        .locator("img")
        .evaluateAll((elements) =>
          (elements as HTMLImageElement[]).map((image) => ({ src: image.currentSrc || image.src, ok: image.naturalWidth > 0 })),
        );
      for (const image of images) {
        expect(image.src, "an image from the app's own origin").toMatch(
          new RegExp(`^http://${address?.replace(/\./g, "\\.")}:${port}/`),
        );
        expect(image.ok, `${image.src} loads`).toBe(true);
      }
      return images.length;
    };

    const learner = await open(accounts.learner.email);
    let seen = 0;
    for (const path of ["/", "/ranking", "/profile", "/profile/my_results", "/trivia", "/achievements"]) {
      await learner.page.goto(path);
      seen += await checkImages(learner.page);
    }
    expect(seen, "the pages show covers, avatars and badges").toBeGreaterThan(5);
    await screenshot(learner.page, testInfo, "lan-achievements");
    await learner.context.close();

    const newcomer = await open(accounts.newUser.email);
    const video = newcomer.page.locator("video").first();
    await expect(video).toBeAttached();
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentSrc || element.src)).toMatch(/\/files\/storage\//);
    const status = await newcomer.page.request.get((await video.getAttribute("src")) ?? "", { headers: { Range: "bytes=0-15" } });
    expect(status.status()).toBe(206);
    await checkImages(newcomer.page);
    await newcomer.context.close();
  } finally {
    await server.stop();
  }
});

test("every page's browser-tab title speaks English in English", async ({ page }, testInfo) => {
  await signIn(page);
  await chooseLanguage(page, "en", testInfo);
  const titles: Array<[string, string]> = [
    ["/", "Home"],
    ["/achievements", "Progress"],
    ["/support", "Support"],
    ["/notifications", "Notifications"],
    ["/profile/my_results", "My results"],
    ["/ranking", "Top rankings"],
    ["/trivia", "Trivia"],
    ["/faq", "FAQs"],
    ["/accessibility", "Accessibility statement"],
    ["/profile", "Employee profile"],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`Academia · ${title}`);
  }
  // A navigation in the page (client-side with JavaScript) names the tab the same way.
  await page.locator(".tab-bar").getByRole("link", { name: "Progress" }).tap();
  await expect(page).toHaveTitle("Academia · Progress");
  await page.context().clearCookies({ name: /^(?!lng$)/ });
  for (const [path, title] of [
    ["/login", "Sign in"],
    ["/recovery", "Password recovery"],
    ["/about", "About us"],
    ["/contact", "Contact"],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`Academia · ${title}`);
  }
});

test("the support list names each request's app section in the page's language", async ({ page }, testInfo) => {
  await signIn(page, accounts.learner.email, { at: "/support" });
  const section = page.locator(".card-list .meta-list dd").first();
  await expect(section).toHaveText("Inicio");
  await chooseLanguage(page, "en", testInfo);
  await expect(section).toHaveText("Home");
});

test("'Cerrar sesión' on the profile is tapped once: 'Sesión cerrada', then welcome", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/profile" });
  await tapReachable(page.getByRole("main").getByRole("button", { name: "Cerrar sesión" }));
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByText("Sesión cerrada")).toBeVisible();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/welcome$/);
});

test("a new badge closed with Escape is marked seen and does not come back", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "Escape closes the modal dialog only with JavaScript");
  await signIn(page, accounts.learner.email, { keepBadges: true });
  const dialog = page.locator("dialog.badge-dialog");
  // Escape acts on the dialog once its chunk has made it modal; until then it is the server's form (decision 027).
  await expect(page.locator("dialog.badge-dialog:modal")).toBeVisible();
  // A reload before the fetcher has posted (it first loads the route's module) would cancel the post: the test waits for its answer.
  const marked = page.waitForResponse((response) => new URL(response.url()).pathname === "/badges/seen.data");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await marked;
  await expect
    .poll(async () => {
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      return dialog.count();
    })
    .toBe(0);
});

test("a new badge waits for the dialog the learner opened, then shows (issue #29 item 6)", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the wait is the page's script; without it both dialogs are the server's page");
  await signIn(page, accounts.learner.email, { keepBadges: true, at: "/profile/photo" });
  const photo = page.getByRole("dialog", { name: "Foto de perfil" });
  await expect(photo).toBeVisible();
  const badge = page.locator("dialog.badge-dialog");
  await expect(badge).toBeAttached();
  await expect(badge).toBeHidden();
  await photo.getByRole("link", { name: "Cerrar" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(badge).toBeVisible();
  await expect(badge.getByRole("heading", { name: "Aprendiz constante" })).toBeVisible();
});

test("no page scrolls sideways at 320 or 360 px, with a four-digit points chip in the header", async ({ page }, testInfo) => {
  await signIn(page);
  await expect(page.locator(".points-chip")).toHaveText(/^\d\.\d{3} pts\.$/);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.screenshot({ path: `tests/screenshots/${testInfo.project.name}-home-320.png` });
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    "/",
    "/achievements",
    "/profile",
    "/profile/my_results",
    "/notifications",
    "/ranking",
    "/trivia",
    "/support",
    "/faq",
    "/vr",
  ]) {
    await page.goto(path);
    await expectNoSidewaysScroll(page);
  }
});

test("JS off, the photo form sent empty answers with the app's message, not the browser's", async ({ page }, testInfo) => {
  test.skip(jsEnabled(testInfo), "with JavaScript the photo is sent from the cropper, never empty");
  await signIn(page, accounts.learner.email, { at: "/profile/photo" });
  const dialog = page.getByRole("dialog");
  await dialog.locator("form[enctype='multipart/form-data'] button[type=submit]").tap();
  await expect(dialog.getByText("Elige una imagen PNG o JPEG")).toBeVisible();
});

test("the support form shows every error at once, and its confirmation question takes the focus", async ({ page }, testInfo) => {
  await signIn(page, accounts.learner.email, { at: "/support/new" });
  const dialog = page.getByRole("dialog", { name: "Nueva solicitud" });
  await dialog.getByLabel("Asunto").fill("Corto");
  await dialog.getByRole("button", { name: "Enviar" }).tap();
  await expect(dialog.getByText("El número mínimo de caracteres es 8")).toBeVisible();
  // Section, category, sub-category and comment are empty: all four say so on the same submit.
  await expect(dialog.getByText("Este campo es obligatorio")).toHaveCount(4);
  await expect(dialog.getByLabel("Asunto")).toHaveValue("Corto");
  await dialog.getByLabel("Asunto").fill("No carga el video de bienvenida");
  await dialog.getByLabel("Sección de la app").selectOption("Inicio");
  await dialog.getByLabel("Categoría", { exact: true }).selectOption({ index: 1 });
  await dialog.getByLabel("Subcategoría").selectOption({ index: 1 });
  await dialog.getByLabel("Comentario").fill("Se queda la pantalla en negro al abrirlo.");
  await dialog.getByRole("button", { name: "Enviar" }).tap();
  await expect(dialog.getByText("¿Enviar solicitud de soporte?")).toBeVisible();
  if (jsEnabled(testInfo)) await expect(dialog.locator(".confirm-title")).toBeFocused();
});

test("the welcome news opens with the focus on its title", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "focus is placed by the modal's script");
  await mock.markBadgesSeen(accounts.newUser.email);
  await page.goto("/login");
  await page.getByLabel("Usuario").fill(accounts.newUser.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión" }).tap();
  const news = page.locator("dialog.news-dialog");
  await expect(news).toBeVisible();
  await expect(news.locator("#news-title")).toBeFocused();
});

test("'Completado' carries a check icon, and the password toggle is an icon, not an emoji", async ({ page }, testInfo) => {
  await page.goto("/login");
  if (jsEnabled(testInfo)) {
    const toggle = page.getByRole("button", { name: "Mostrar contraseña" });
    await expect(toggle.locator("svg")).toHaveCount(1);
    expect((await toggle.textContent())?.trim()).toBe("");
    await toggle.tap();
    await expect(page.getByRole("button", { name: "Ocultar contraseña" }).locator("svg")).toHaveCount(1);
  }
  await signIn(page, accounts.learner.email, { at: "/learning-path/formacion-inicial" });
  const done = page.locator(".status-finished").first();
  await expect(done).toHaveText("Completado");
  await expect(done.locator("svg")).toHaveCount(1);
});

test("the languages dialog says each row's label once (no group repeating it)", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/profile/languages" });
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Idioma 1", { exact: true })).toHaveCount(1);
  await expect(dialog.getByRole("group", { name: "Idioma 1" })).toHaveCount(0);
});
