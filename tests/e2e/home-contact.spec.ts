import type { Page } from "@playwright/test";
import { expect, jsEnabled, mock, scaled, signIn, test } from "./fixtures";
import { tapReachable } from "./touch";

/**
 * The contact footer on home (issue #14 item 17): a signed-in learner who sends it stays on home,
 * in the app's layout, and sees the notice at the form — with JavaScript and without.
 */

test.beforeEach(async () => {
  await mock.reset();
});

async function contactCount(): Promise<number> {
  return (await mock.contactMessages()).length;
}

/** Home's contact form, filled in with a comment that passes every rule. */
async function fillComment(page: Page) {
  const form = page.locator(".contact-form");
  await form.getByLabel("Nombre").fill("Ana Martínez");
  await form.getByLabel("Teléfono").fill("5512345678");
  await form.getByLabel("Correo electrónico").fill("ana.martinez@academia.test");
  await form.getByLabel("Comentario").fill("Quisiera saber cuándo abre la Formación Dirigida.");
  return form;
}

/** Home, signed in, with the live form in place of the server's copy (marked, so it is seen to go) and filled in. */
async function filledLiveForm(page: Page) {
  await signIn(page);
  const form = page.locator(".contact-form");
  await form.evaluate((element) => element.setAttribute("data-from-server", ""));
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator(".contact-form[data-from-server]")).toHaveCount(0);
  return fillComment(page);
}

test("home's contact footer keeps the learner on home, with the notice in view at the form", async ({ page }) => {
  await signIn(page);
  const form = await fillComment(page);
  await form.getByRole("button", { name: "Enviar comentario" }).click();
  const notice = form.getByText("¡Tu comentario ha sido enviado con éxito!");
  await expect(notice).toBeVisible();
  await expect(notice).toBeInViewport();
  await expect(page).toHaveURL(/\/(#contact)?$/);
  await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeVisible();
  await expect(page.locator(".greeting")).toContainText("Ana Martínez");
  await expect.poll(contactCount).toBe(1);
});

test("with the legacy API down, the failure is said at the form and what was typed stays (issue #29 item 5)", async ({
  page,
}, testInfo) => {
  await signIn(page);
  const form = page.locator(".contact-form");
  if (jsEnabled(testInfo)) {
    // The live form: it takes over from the server's once the footer comes near.
    await form.evaluate((element) => element.setAttribute("data-from-server", ""));
    await form.scrollIntoViewIfNeeded();
    await expect(page.locator(".contact-form[data-from-server]")).toHaveCount(0);
  }
  await fillComment(page);
  const reloads: string[] = [];
  page.on("request", (request) => request.method() === "GET" && request.url().includes(".data") && reloads.push(request.url()));
  await mock.setFaults({ errorRate: 1 });
  try {
    await form.getByRole("button", { name: "Enviar comentario" }).click();
    await expect(form.getByRole("alert")).toHaveText("Ups algo salio mal");
    await expect(form.getByText(/^Código de referencia: [0-9a-f-]{36}$/)).toBeVisible();
    await expect(form.getByLabel("Comentario")).toHaveValue("Quisiera saber cuándo abre la Formación Dirigida.");
    await expect(form.getByLabel("Nombre")).toHaveValue("Ana Martínez");
    if (jsEnabled(testInfo)) {
      // Home stays as it was: nothing reloaded after the post, so nothing failed in its place.
      await expect(page.locator(".greeting")).toContainText("Ana Martínez");
      expect(reloads).toEqual([]);
    } else {
      // Home cannot be drawn without the legacy API: the reply is on /contact, which needs none.
      await expect(page).toHaveURL(/\/contact#contact$/);
    }
  } finally {
    await mock.setFaults({ errorRate: 0 });
  }
  expect(await contactCount()).toBe(0);
});

test("sent with no connection, the form says so and keeps what was typed", async ({ page, context }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the browser itself says it is offline");
  const form = await filledLiveForm(page);
  await context.setOffline(true);
  try {
    await form.getByRole("button", { name: "Enviar comentario" }).click();
    await expect(form.getByRole("alert")).toHaveText("Sin conexión");
    await expect(form.getByLabel("Comentario")).toHaveValue("Quisiera saber cuándo abre la Formación Dirigida.");
  } finally {
    await context.setOffline(false);
  }
  // Sent again once back online, it goes.
  await form.getByRole("button", { name: "Enviar comentario" }).click();
  await expect(form.getByText("¡Tu comentario ha sido enviado con éxito!")).toBeVisible();
  await expect.poll(contactCount).toBe(1);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });

  test("sent on a network that goes nowhere, the form says 'Sin conexión', though the browser says it is online (decision 083)", async ({
    page,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "without JavaScript the browser itself says the page cannot be reached");
    const form = await filledLiveForm(page);
    // The post leaves no trace on the network, as on a dead mobile link; the browser stays 'online'.
    await page.route("**/contact-form", (route) => route.abort("internetdisconnected"));
    await tapReachable(form.getByRole("button", { name: "Enviar comentario" }));
    await expect(form.getByRole("alert")).toHaveText("Sin conexión");
    await expect(form.getByLabel("Comentario")).toHaveValue("Quisiera saber cuándo abre la Formación Dirigida.");
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    // Answered again, it goes.
    await page.unrouteAll();
    await tapReachable(form.getByRole("button", { name: "Enviar comentario" }));
    await expect(form.getByText("¡Tu comentario ha sido enviado con éxito!")).toBeVisible();
    await expect.poll(contactCount).toBe(1);
  });
});

test("a comment too short on home keeps what was typed, at the form", async ({ page }) => {
  await signIn(page);
  const form = page.locator(".contact-form");
  await form.getByLabel("Nombre").fill("Ana Martínez");
  await form.getByLabel("Comentario").fill("Muy corto");
  await form.getByRole("button", { name: "Enviar comentario" }).click();
  await expect(form.getByText("El número mínimo de caracteres es 25")).toBeInViewport();
  await expect(form.getByLabel("Nombre")).toHaveValue("Ana Martínez");
  await expect(form.getByLabel("Comentario")).toHaveValue("Muy corto");
  await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeVisible();
  expect(await contactCount()).toBe(0);
});

test("the server's form, sent before the live one has loaded, comes back to home with the notice", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript every post is the server's form: the tests above");
  await page.route(/\/contact-form-live-[A-Z0-9]+\.js$/, (route) => route.abort());
  await signIn(page);
  await page.reload();
  const form = await fillComment(page);
  await form.getByRole("button", { name: "Enviar comentario" }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(form.getByText("¡Tu comentario ha sido enviado con éxito!")).toBeInViewport();
  await expect.poll(contactCount).toBe(1);
});

/**
 * Issue #16 item 4 (decision 027): on home the live contact form (conform) loads only when the
 * footer comes near or the form is used; the server's form stands in until then, and what was
 * typed in it, the focus and the caret go over to the live one.
 */
test.describe("the live contact form loads when the footer comes near", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "without JavaScript the server's form is the form");
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  const LIVE_CHUNK = /\/contact-form-live-[A-Z0-9]+\.js$/;

  test("not with the page, but before the footer is reached", async ({ page }) => {
    await signIn(page);
    // Home reached by the sign-in's client navigation loads its live form at once: let it finish.
    await page.waitForLoadState("networkidle");
    const asked: string[] = [];
    page.on("request", (request) => {
      if (LIVE_CHUNK.test(request.url())) asked.push(request.url());
    });
    await page.reload({ waitUntil: "networkidle" });
    // The browser has measured where the footer is: an observer of the test's own gets its first
    // report in the same task as the page's observers get any pending one, so by then the page
    // would have asked for the chunk, had the footer been near.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const observer = new IntersectionObserver(() => {
            observer.disconnect();
            resolve();
          });
          observer.observe(document.getElementById("contact")!);
        }),
    );
    expect(asked).toEqual([]);
    // Half a screen above the footer is near enough.
    await page.evaluate(() => {
      const top = document.getElementById("contact")!.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, top - window.innerHeight * 1.4);
    });
    await expect.poll(() => asked.length).toBe(1);
  });

  test("what was typed before it loaded stays, with the focus and the caret, and it validates in the browser", async ({
    page,
  }) => {
    await signIn(page);
    await page.reload({ waitUntil: "networkidle" });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(LIVE_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    const form = page.locator(".contact-form");
    await form.evaluate((element) => element.setAttribute("data-from-server", ""));
    await form.getByLabel("Nombre").tap();
    await form.getByLabel("Nombre").pressSequentially("Ana Martínez");
    const comment = form.getByLabel("Comentario");
    await comment.tap();
    await comment.pressSequentially("Muy cortoX");
    await comment.press("ArrowLeft");

    release();
    await expect(page.locator(".contact-form[data-from-server]")).toHaveCount(0);
    await expect(form.getByLabel("Nombre")).toHaveValue("Ana Martínez");
    await expect(comment).toHaveValue("Muy cortoX");
    await expect(comment).toBeFocused();
    // Typing goes on where the caret was, before the X.
    await comment.pressSequentially("!");
    await expect(comment).toHaveValue("Muy corto!X");

    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") sent.push(request.url());
    });
    await expect(async () => {
      await form.getByRole("button", { name: "Enviar comentario" }).tap();
      await expect(form.getByText("El número mínimo de caracteres es 25")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: scaled(10_000) });
    expect(sent).toEqual([]);
  });
});
