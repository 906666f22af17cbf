import type { Page } from "@playwright/test";
import { accounts, chooseLanguage, expect, jsEnabled, mock, screenshot, signIn, test } from "./fixtures";

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
  expect(JSON.parse(await documentStrings(page)).resources.common.app.skipToContent).toBe("Saltar al contenido");
  const before = jsEnabled(testInfo) ? await page.evaluate(() => performance.timeOrigin) : 0;

  await chooseLanguage(page, "en", testInfo);
  await expect(page).toHaveURL(/\/$/);
  await expect(heading).toContainText("Welcome to the Academy");
  const english = await documentStrings(page);
  expect(JSON.parse(english).resources.common.app.skipToContent).toBe("Skip to content");
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

test("the page's web app manifest is in the page's language, and so is the installed app's name", async ({ page }, testInfo) => {
  const manifestOf = async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    // As a browser fetches it: without the language cookie.
    const response = await fetch(new URL(href!, page.url()));
    expect(response.headers.get("content-type")).toBe("application/manifest+json");
    return (await response.json()) as { name: string; lang: string; start_url: string; display: string };
  };
  await page.goto("/welcome");
  expect(await manifestOf()).toMatchObject({
    name: "Academia de Auditoría Interna",
    lang: "es",
    start_url: "/",
    display: "standalone",
  });
  await chooseLanguage(page, "en", testInfo);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await manifestOf()).toMatchObject({ name: "Internal Audit Academy", lang: "en" });
  expect((await fetch(new URL("/manifest/fr", page.url()))).status).toBe(404);
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

/** A client-side navigation, as a link's: Remix's router, no new document. */
async function navigate(page: Page, to: string) {
  await page.evaluate(
    (path) => (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(path),
    to,
  );
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[/$]/g, "\\$&")}$`));
}

/** No dotted key (`nav.home`, `plain.intro`) reads on the page: a string that was not loaded shows its key. */
async function expectNoRawKeys(page: Page) {
  await expect(async () => {
    const words = (await page.locator("body").innerText()).split(/\s+/);
    expect(words.filter((word) => /^[a-z][a-zA-Z]*(\.[a-zA-Z_]+)+[.:,]?$/.test(word))).toEqual([]);
  }).toPass();
}

const pages = {
  es: {
    profile: "Perfil colaborador",
    ranking: "Mejores rankings",
    trivia: "Trivia",
    player: "Cerrar",
    leader: "Perfil de Auditor",
    faq: "FAQs",
    signOut: "Cerrar sesión",
    welcome: "Bienvenido a la Academia",
  },
  en: {
    profile: "Employee profile",
    ranking: "Top rankings",
    trivia: "Trivia",
    player: "Close",
    leader: "Auditor profile",
    faq: "FAQs",
    signOut: "Sign out",
    welcome: "Welcome to the Academy",
  },
};

for (const lng of ["es", "en"] as const) {
  test(`client-side navigations to pages whose strings the document lacks render them translated (${lng})`, async ({
    page,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "client-side navigation");
    const fetched: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/locales/")) fetched.push(path);
    });
    await signIn(page, accounts.leader.email);
    if (lng === "en") await chooseLanguage(page, "en", testInfo);
    // Signing in loads home as a document (decision 047), which carries home's strings.
    fetched.length = 0;
    const documentStarted = await page.evaluate(() => performance.timeOrigin);
    const carried = Object.keys(JSON.parse(await documentStrings(page)).resources as object);
    for (const namespace of ["profile", "player", "leader", "offline", "engagement", "guest"])
      expect(carried).not.toContain(namespace);
    const heading = page.getByRole("heading", { level: 1 });

    await navigate(page, "/profile");
    await expect(heading).toHaveText(pages[lng].profile);
    await expectNoRawKeys(page);
    await screenshot(page, testInfo, `i18n-nav-profile-${lng}`);

    await navigate(page, "/ranking");
    await expect(heading).toHaveText(pages[lng].ranking);
    await expectNoRawKeys(page);

    await navigate(page, "/trivia");
    await expect(heading).toHaveText(pages[lng].trivia);
    await expectNoRawKeys(page);

    await navigate(page, "/profile_auditor");
    await expect(heading).toHaveText(pages[lng].leader);
    await expectNoRawKeys(page);

    await navigate(page, "/205");
    const dialog = page.locator("dialog.route-dialog");
    await expect(dialog.getByRole("link", { name: pages[lng].player }).first()).toBeVisible();
    await expectNoRawKeys(page);
    await screenshot(page, testInfo, `i18n-nav-player-${lng}`);

    await navigate(page, "/faq");
    await expect(heading).toHaveText(pages[lng].faq);
    await expectNoRawKeys(page);

    // Signing out leaves for the guest pages, whose strings the signed-in document never carried.
    await page.locator(".app-footer").getByRole("button", { name: pages[lng].signOut }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(heading).toHaveText(pages[lng].welcome);
    await expectNoRawKeys(page);

    expect(await page.evaluate(() => performance.timeOrigin)).toBe(documentStarted);
    const namespaces = ["engagement", "guest", "leader", "offline", "player", "profile"];
    expect(fetched.map((path) => path.split("/").slice(2).join("/")).sort()).toEqual(namespaces.map((ns) => `${lng}/${ns}`));
  });
}

test("every page without JavaScript is a document carrying its own strings", async ({ page }, testInfo) => {
  test.skip(jsEnabled(testInfo), "documents only");
  await signIn(page, accounts.leader.email);
  for (const [path, heading] of [
    ["/profile", pages.es.profile],
    ["/profile_auditor", pages.es.leader],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expectNoRawKeys(page);
  }
  await chooseLanguage(page, "en", testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages.en.leader);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages.en.profile);
  await expectNoRawKeys(page);
});
