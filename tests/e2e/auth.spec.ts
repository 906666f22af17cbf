import { execFileSync } from "node:child_process";
import {
  accounts,
  chooseLanguage,
  dismissBadge,
  expect,
  expectAccessible,
  mock,
  PASSWORD,
  screenshot,
  signIn,
  test,
} from "./fixtures";
import { currentApp } from "./servers";

test.beforeEach(async () => {
  await mock.reset();
});

/** Home of this worker's app, as an absolute URL. */
const home = () => `${currentApp().origin}/`;

test.describe("sign-in", () => {
  test("the learner signs in and lands on home with the app layout", async ({ page }, testInfo) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Inicia sesión con tu cuenta" })).toBeVisible();
    await expect(page.getByPlaceholder("Ingresa tu usuario")).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "login");

    // Through the form, as a person does (every other test signs in with signIn, which posts it).
    await mock.markBadgesSeen(accounts.learner.email);
    await mock.viewPendingNews(accounts.learner.email);
    await page.getByLabel("Usuario").fill(accounts.learner.email);
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page).toHaveURL(home());
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bienvenido a la Academia");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(accounts.learner.name);
    const header = page.locator(".app-header");
    for (const name of ["Inicio", "Ranking", "Trivia", "Perfil", "Experiencia VR"]) {
      await expect(header.getByRole("link", { name, exact: true }).first()).toBeVisible();
    }
    await expect(header.getByRole("link", { name: /^Notificaciones/ })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Secciones" });
    for (const name of ["Inicio", "Avance", "FAQ"]) await expect(tabs.getByRole("link", { name })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "home");
  });

  test("every link of the layout resolves to a page of its own", async ({ page }) => {
    await signIn(page);
    // The layout may still be arriving when sign-in returns on a busy machine: wait for its links.
    await expect(page.locator(".app-footer form[action='/logout']")).toBeAttached();
    const hrefs = await page
      .locator(".app-header a, .app-footer a")
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href") ?? ""))]);
    expect(hrefs).toEqual(
      expect.arrayContaining(["/", "/ranking", "/trivia", "/profile", "/notifications", "/?vr", "/achievements", "/faq"]),
    );
    for (const href of hrefs) {
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      const url = new URL(page.url());
      expect(`${url.pathname}${url.search}`, href).toBe(href);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  });

  test("a wrong password shows the server's message and keeps the user", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Usuario").fill(accounts.learner.email);
    await page.getByLabel("Contraseña", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByRole("alert")).toHaveText("Usuario o contraseña incorrectos");
    await expect(page.getByLabel("Usuario")).toHaveValue(accounts.learner.email);
  });

  test("field rules show under the fields with the spec's texts", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.locator("#login-email-error")).toHaveText("- Este campo es obligatorio");
    await expect(page.getByText("- Este campo es obligatorio")).toHaveCount(2);
    await page.getByLabel("Usuario").fill("a");
    await page.getByLabel("Contraseña", { exact: true }).fill("12345");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByText("- El número mínimo de caracteres es 2")).toBeVisible();
    await expect(page.getByText("- El número mínimo de caracteres es 6")).toBeVisible();
    await expect(page.getByLabel("Usuario")).toHaveValue("a");
  });

  test("a signed-in user who opens /login goes home", async ({ page }) => {
    await signIn(page, accounts.learner.email, { at: "/login" });
    await expect(page).toHaveURL(home());
  });
});

test.describe("employee-number mode", () => {
  test("LOGIN_MODE=employee asks only for the employee number", async ({ page, employeeApp }) => {
    await page.goto(`${employeeApp.origin}/login`);
    await expect(page.getByPlaceholder("Número de empleado")).toBeVisible();
    await expect(page.getByLabel("Contraseña", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByText("- Este campo es obligatorio")).toBeVisible();
    await page.getByLabel("Número de empleado").fill("999999");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByRole("alert")).toHaveText("Número de empleado no registrado");
    await page.getByLabel("Número de empleado").fill(accounts.learner.employeeNumber);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(accounts.learner.name);
  });
});

test.describe("SSO links", () => {
  function ssoLink(...pairs: string[]) {
    return execFileSync("node", ["scripts/sso-link.mjs", ...pairs], {
      env: { ...process.env, PORT: String(currentApp().port), LEGACY_API_URL: "" },
      encoding: "utf8",
    }).trim();
  }

  test("npm run sso-link prints a link that signs the user in", async ({ page }) => {
    const link = ssoLink(`email=${accounts.learner.email}`);
    expect(link).toMatch(new RegExp(`^${home()}welcome\\?email=`));
    await page.goto(link);
    await expect(page).toHaveURL(home());
    await expect(page.getByRole("heading", { level: 1 })).toContainText(accounts.learner.name);
  });

  test("the same encrypted parameters on /login sign the user in too", async ({ page }) => {
    const link = ssoLink(`email=${accounts.learner.email}`).replace("/welcome?", "/login?");
    await page.goto(link);
    await expect(page).toHaveURL(home());
    await expect(page.getByRole("heading", { level: 1 })).toContainText(accounts.learner.name);
  });

  test("a signed-in learner sent by another site with someone's link is asked first", async ({ page }, testInfo) => {
    const link = ssoLink(`email=${accounts.leader.email}`);
    await page.route("http://attacker.test/", (route) =>
      route.fulfill({ contentType: "text/html", body: `<!doctype html><title>x</title><a href="${link}">premio</a>` }),
    );
    await mock.markBadgesSeen(accounts.leader.email);
    await mock.viewPendingNews(accounts.leader.email);
    await signIn(page);
    const arrive = async () => {
      await page.goto("http://attacker.test/");
      await page.getByRole("link", { name: "premio" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ya tienes una sesión abierta");
    };
    await arrive();
    await expect(page.getByText("Has iniciado sesión como Ana.")).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "welcome-sso-confirm");
    await page.getByRole("link", { name: "Continuar como Ana" }).click();
    await expect(page).toHaveURL(home());
    await expect(page.getByRole("heading", { level: 1 })).toContainText(accounts.learner.name);

    await arrive();
    await page.getByRole("button", { name: "Entrar con este enlace" }).click();
    await expect(page).toHaveURL(home());
    await expect(page.getByRole("heading", { level: 1 })).toContainText(accounts.leader.name);
  });

  test("every kind of bad link fails the same way", async ({ page }, testInfo) => {
    const good = new URL(ssoLink(`email=${accounts.learner.email}`));
    const value = good.searchParams.get("email") ?? "";
    const expired = ssoLink(`email=${accounts.learner.email}`, "expires=1000");
    const unknown = ssoLink("email=nadie@academia.test");
    const flipped = `${value.slice(0, 5)}${value[5] === "A" ? "B" : "A"}${value.slice(6)}`;
    const bad = [
      `/welcome?email=${encodeURIComponent(flipped)}`,
      `/welcome?email=${encodeURIComponent(value.slice(0, -4))}`,
      "/welcome?email=not-base64!",
      "/welcome?email=",
      new URL(expired).pathname + new URL(expired).search,
      new URL(unknown).pathname + new URL(unknown).search,
    ];
    const bodies = new Set<string>();
    for (const path of bad) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(400);
      const alert = page.getByRole("alert");
      await expect(alert).toBeVisible();
      bodies.add((await alert.textContent()) ?? "");
      await expect(page.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    }
    expect([...bodies]).toEqual([
      "No pudimos iniciar tu sesión con este enlace: no es válido o ha expirado. Inicia sesión con tu cuenta.",
    ]);
    await expectAccessible(page);
    await screenshot(page, testInfo, "welcome-sso-failed");
  });

  test("the guest landing offers 'Iniciar sesión'", async ({ page }, testInfo) => {
    await page.goto("/welcome");
    await page.getByRole("link", { name: "Iniciar sesión" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/welcome");
    await expectAccessible(page);
    await screenshot(page, testInfo, "welcome");
  });
});

test.describe("password recovery", () => {
  const email = accounts.newUser.email;

  test("request, verify the token, set a new password and land home", async ({ page }, testInfo) => {
    await page.goto("/recovery");
    await expect(page.getByRole("heading", { name: "Recuperación de contraseña" })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, "recovery");
    await page.getByRole("button", { name: "Recuperar contraseña" }).click();
    await expect(page.getByText("- Este campo es obligatorio")).toBeVisible();
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByRole("button", { name: "Recuperar contraseña" }).click();
    await expect(page.getByText(`Se ha enviado un enlace de recuperación al correo ${email}`)).toBeVisible();
    await expect(page).toHaveURL(/\/recovery$/);
    await expect(page.getByLabel("Correo electrónico")).toBeDisabled();
    await expect(page.getByRole("button", { name: "Recuperar contraseña" })).toHaveCount(0);

    await page.goto(await mock.lastRecoveryPath(email));
    await expect(page.getByText(`Crea una nueva contraseña para tu cuenta ${email}`)).toBeVisible();
    await page.getByLabel("Contraseña", { exact: true }).fill("Nueva2026!");
    await page.getByLabel("Confirmar contraseña").fill("Otra2026!");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText("- El valor no coincide")).toBeVisible();
    await page.getByLabel("Contraseña", { exact: true }).fill("Nueva2026!");
    await page.getByLabel("Confirmar contraseña").fill("Nueva2026!");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(home());
    await expect(page.getByRole("heading", { level: 1 })).toContainText(accounts.newUser.name);
  });

  test("an expired token says so and links to login", async ({ page }) => {
    await page.goto("/recovery/expired-token-000000");
    await expect(page.getByText("El token de verificación ha expirado")).toBeVisible();
    await page.getByRole("link", { name: "Ir a login" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("sign-out and guards", () => {
  test("logout from the layout ends the session in one step: 'Sesión cerrada', then welcome", async ({ page }) => {
    await signIn(page);
    await page.locator(".app-footer").getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByText("Sesión cerrada")).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name.endsWith("academia"))).toBeUndefined();
    await page.goto("/");
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test("a guest on a guarded page goes to welcome", async ({ page }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test("a query on a guarded page ends the session and goes to welcome with it", async ({ page }) => {
    await signIn(page, accounts.learner.email, { at: "/ranking?token=abc" });
    await expect(page).toHaveURL(/\/welcome\?token=abc$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test("/login?code=… clears the session", async ({ page }) => {
    await signIn(page, accounts.learner.email, { at: "/login?code=xyz" });
    await expect(page).toHaveURL(/\/welcome\?code=xyz$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test("a 401 from the legacy API ends the session and goes to login", async ({ page }) => {
    await signIn(page);
    await mock.reset();
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Tu sesión ha expirado. Inicia sesión de nuevo.")).toBeVisible();
  });

  test("an unknown path goes home", async ({ page }) => {
    await signIn(page, accounts.learner.email, { at: "/esto/no/existe" });
    await expect(page).toHaveURL(home());
  });
});

test.describe("language", () => {
  test("the guest switches to English and the choice persists", async ({ page }, testInfo) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await chooseLanguage(page, "en", testInfo);
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("- This field is required")).toHaveCount(2);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await screenshot(page, testInfo, "login-en");

    await page.getByLabel("User").fill(accounts.learner.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome to the Academy");
    await expect(page.locator("dialog.badge-dialog")).toContainText("New badge!");
    await dismissBadge(page, "Continue");
    await chooseLanguage(page, "es", testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bienvenido a la Academia");
  });
});
