import { chooseLanguage, expect, expectAccessible, jsEnabled, mock, screenshot, signIn, test } from "./fixtures";

/** Issue #7 in the browser: the legacy API failing, and the public forms' honeypot. */

// The worker's mock as a fresh one: a test of another spec that ran before on this worker may
// have left faults on it (a 1.5 s latency made a failing navigation outlast its 5 s wait).
test.beforeEach(async () => {
  await mock.reset();
});

test.describe("legacy API faults", () => {
  test("a page shows a friendly error with the id of its request, never a stack", async ({ page }, testInfo) => {
    await signIn(page);
    await mock.setFaults({ errorRate: 1 });
    const response = await page.goto("/ranking");
    expect(response?.status()).toBe(503);
    const id = response?.headers()["x-request-id"] ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ups algo salio mal");
    await expect(page.getByText(`Código de referencia: ${id}`)).toBeVisible();
    await expect(page.getByText("El servicio no responde en este momento.", { exact: false })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/LegacyError|\bat \S+:\d+/);
    await expectAccessible(page);
    await screenshot(page, testInfo, "error-unavailable");
  });

  test("with JavaScript, a navigation that fails shows the id of the failed data request", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "client-side navigation needs JavaScript");
    await signIn(page);
    await mock.setFaults({ malformedRate: 1 });
    // A route with a clientLoader fetches its data in a request of its own: the id shown is one of the failed ones.
    const failed: string[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/ranking.data") && response.status() >= 500)
        failed.push(response.headers()["x-request-id"] ?? "");
    });
    await page.getByRole("link", { name: "Ranking" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ups algo salio mal");
    const shown = /^Código de referencia: ([0-9a-f-]{36})$/.exec((await page.locator(".request-id").textContent()) ?? "")?.[1];
    expect(shown).toBeTruthy();
    expect(failed).toContain(shown);
  });

  test("a form sent while the API fails keeps its input and says so in the user's language", async ({ page }, testInfo) => {
    await page.goto("/login");
    await chooseLanguage(page, "en", testInfo);
    await mock.setFaults({ errorRate: 1 });
    await page.getByLabel("User").fill("ana.martinez@academia.test");
    await page.getByLabel("Password", { exact: true }).fill("Academia2026!");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Oops, something went wrong");
    await expect(page.getByLabel("User")).toHaveValue("ana.martinez@academia.test");
    await screenshot(page, testInfo, "login-unavailable");
  });
});

test.describe("honeypot", () => {
  for (const path of ["/contact", "/recovery"]) {
    test(`${path} carries a field that people and assistive technology never meet`, async ({ page }) => {
      await page.goto(path);
      const trap = page.locator('input[name="website"]');
      await expect(trap).toHaveCount(1);
      await expect(trap).toBeHidden();
      await expect(page.getByRole("textbox", { name: "Website" })).toHaveCount(0);
    });
  }
});
