import { accounts, chooseLanguage, expect, expectAccessible, jsEnabled, mock, screenshot, signIn, test } from "./fixtures";
import { tapReachable } from "./touch";

/**
 * Search (issue #29 item 3), from its tab in the bottom bar, with JavaScript (results as the learner types, no
 * request per keystroke) and without (a GET form), tapped on a touch screen.
 */

test.use({ hasTouch: true });

test.beforeEach(async () => {
  await mock.reset();
});

test("the search tab finds an activity whatever its accents and case, says its route, state and type, and opens its player", async ({
  page,
}, testInfo) => {
  await signIn(page, accounts.learner.email, { at: "/faq" });
  await tapReachable(page.getByRole("link", { name: "Buscar" }));
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole("heading", { level: 1, name: "Buscar" })).toBeVisible();
  const field = page.getByLabel("Busca actividades, cursos y rutas");
  const results = page.getByRole("list", { name: "Resultados" });
  if (jsEnabled(testInfo)) {
    const loads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) loads.push(request.url());
    });
    const legacyCalls = (await mock.calls()).length;
    await field.pressSequentially("GUIA DE AUDITORIA");
    await expect(results.getByRole("listitem").first()).toBeVisible();
    // Only Remix's route discovery (/__manifest) may follow the links shown: no loader, no legacy call.
    expect(loads, "typing runs no loader").toEqual([]);
    expect((await mock.calls()).length, "typing asks the legacy API nothing").toBe(legacyCalls);
    await expect(page).toHaveURL(/\/search$/);
  } else {
    await field.fill("GUIA DE AUDITORIA");
    await page.getByRole("button", { name: "Buscar" }).tap();
    await expect(page).toHaveURL(/\/search\?q=GUIA\+DE\+AUDITORIA$/);
  }
  await expect(page.getByRole("status").filter({ hasText: "resultado" })).toHaveText(/^\d+ resultados?$/);
  // A title holding every word comes before a description that does.
  const found = results.getByRole("listitem").first();
  await expect(found.getByRole("link")).toHaveText("Guía de auditoría interna");
  await expect(found).toContainText("Formación Inicial · Completado");
  await expectAccessible(page);
  await screenshot(page, testInfo, "search-found", { fullPage: false });
  await found.getByRole("link").tap();
  await expect(page).toHaveURL(/\/learning-path\/formacion-inicial\/103$/);
  await expect(page.locator("dialog.route-dialog").getByRole("heading", { name: "Guía de auditoría interna" })).toBeVisible();
});

test("an empty query shows the home lists; one that finds nothing says so and shows them too, in both languages", async ({
  page,
}, testInfo) => {
  await signIn(page, accounts.learner.email, { at: "/search" });
  await expect(page.getByRole("heading", { name: "Más reciente:" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Más visto:" }).getByRole("listitem").first()).toBeVisible();
  await page.goto("/search?q=zzzz%20nada");
  await expect(page.getByRole("status").filter({ hasText: "zzzz" })).toHaveText(
    "No encontramos nada para «zzzz nada». Prueba con otras palabras, o mira estas actividades.",
  );
  await expect(page.getByRole("list", { name: "Más reciente:" }).getByRole("listitem").first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, "search-none", { fullPage: false });
  await chooseLanguage(page, "en", testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
  await page.goto("/search?q=riesgos");
  await expect(page.getByRole("status").filter({ hasText: "result" })).toHaveText(/^\d+ results$/);
  await expect(page.getByRole("list", { name: "Results" }).getByRole("link").first()).toHaveText(/riesgos/i);
});

test("a hostile query is cut and answered like any other: 200, nothing echoed as markup", async ({ page }) => {
  await signIn(page, accounts.learner.email, { at: "/faq" });
  const long = `<img src=x onerror=alert(1)>${"á".repeat(1_000)}`;
  const response = await page.goto(`/search?q=${encodeURIComponent(long)}&q=second`);
  expect(response?.status()).toBe(200);
  await expect(page.getByLabel("Busca actividades, cursos y rutas")).toHaveValue(long.slice(0, 100));
  await expect(page.locator("img[src=x]")).toHaveCount(0);
});
