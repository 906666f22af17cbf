import type { Page } from "@playwright/test";
import { chooseLanguage, expect, jsEnabled, mock, screenshot, signIn, test } from "./fixtures";

test.beforeEach(async () => {
  await mock.reset();
});

/** The strings the document carries for the browser (root's Layout): its language's only. */
async function documentStrings(page: Page): Promise<string> {
  // The block ends the streamed document: read it once the whole document has arrived.
  await page.waitForLoadState("load");
  return (await page.locator("script#__i18n").textContent()) ?? "";
}

test("home changes language with a new document that carries only the new language's strings", async ({ page }, testInfo) => {
  await signIn(page);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toContainText("Bienvenido a la Academia");
  expect(JSON.parse(await documentStrings(page)).common.app.skipToContent).toBe("Saltar al contenido");
  const before = jsEnabled(testInfo) ? await page.evaluate(() => performance.timeOrigin) : 0;

  await chooseLanguage(page, "en", testInfo);
  await expect(page).toHaveURL(/\/$/);
  await expect(heading).toContainText("Welcome to the Academy");
  const english = await documentStrings(page);
  expect(JSON.parse(english).common.app.skipToContent).toBe("Skip to content");
  expect(english).not.toContain("Saltar al contenido");
  if (jsEnabled(testInfo)) expect(await page.evaluate(() => performance.timeOrigin)).not.toBe(before);
  await screenshot(page, testInfo, "i18n-home-en");

  // With JavaScript, this page is rendered in the browser from the document's strings.
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Ranking" }).click();
  await expect(page.getByRole("heading", { name: "Top rankings", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await chooseLanguage(page, "es", testInfo);
  await expect(page).toHaveURL(/\/ranking$/);
  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Inicio" }).click();
  await expect(heading).toContainText("Bienvenido a la Academia");
  await screenshot(page, testInfo, "i18n-home-es");
});

test("a guest page's text rendered in the browser speaks the chosen language", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the password toggle needs JavaScript");
  await page.goto("/login");
  await chooseLanguage(page, "en", testInfo);
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(page.getByRole("button", { name: "Hide password" })).toBeVisible();
  await expect(password).toHaveAttribute("type", "text");
});

test("the JavaScript pages load carries no strings and no i18next", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "about the scripts the browser loads");
  const scripts = new Set<string>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.add(response.url());
  });
  await signIn(page);
  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Ranking" }).click();
  await expect(page.getByRole("heading", { name: "Mejores rankings", level: 1 })).toBeVisible();
  expect(scripts.size).toBeGreaterThan(5);
  // Fetched again: the browser may no longer hold the bodies an earlier document's scripts had.
  for (const url of scripts) {
    const body = await (await page.request.get(url)).text();
    expect(body).not.toContain("Saltar al contenido");
    expect(body).not.toContain("Skip to content");
    expect(body).not.toContain("i18next");
  }
});
