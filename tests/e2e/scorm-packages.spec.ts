import type { Page } from "@playwright/test";
import { accounts, chooseLanguage, expect, expectAccessible, mock, scaled, screenshot, signIn, test } from "./fixtures";
import { tapReachable } from "./touch";

/**
 * SCORM packages of issue #13 items 1-3 (tests/fixtures/scorm-packages.ts, seeded as the
 * simulators 511-514): the manifest's pass marks and objectives reach the runtime, a failed
 * attempt is saved but not finished, and a package of several SCOs is played through its table
 * of contents and its SCOs' navigation requests.
 */

function player(page: Page) {
  const dialog = page.locator("dialog.route-dialog").filter({ has: page.locator(".player, .player-error") });
  const toc = dialog.getByRole("navigation", { name: /^(Contenido del curso|Course contents)/ });
  return {
    dialog,
    state: dialog.locator(".player-meta .status"),
    frame: page.frameLocator(".scorm-frame"),
    toc,
    summary: toc.locator("summary"),
    item: (name: string | RegExp) => toc.getByRole("button", { name }),
    close: () => dialog.getByRole("link", { name: "Cerrar" }).click(),
  };
}

/** A route's SCORM activity whose files a test replaces (the app keeps the academy's catalogue for minutes, a route's not). */
const BROKEN = 203;
const BROKEN_PATH = `/learning-path/formacion-requerida/${BROKEN}`;
const text = (value: string) => new TextEncoder().encode(value);
const manifestLaunching = (href: string) => `<?xml version="1.0"?>
<manifest identifier="roto" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Roto</title>
    <item identifier="item" identifierref="res"><title>Roto</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormtype="sco" href="${href}"><file href="${href}"/></resource></resources>
</manifest>`;

/** Gives activity BROKEN a manifest cut off mid-element (not XML), beside a launch page that is there. */
async function giveNotXmlManifest() {
  await mock.giveActivityFile(BROKEN, "imsmanifest.xml", text(manifestLaunching("index.html").slice(0, 300)));
  await mock.giveActivityFile(BROKEN, "index.html", text("<!doctype html><title>Roto</title><p>Contenido</p>"));
}

/** The learner's ACTIVITY record of an activity as the mock legacy API holds it. */
const legacyRecord = async (activityId: number) => (await mock.activityRecords(activityId))[0];

/** One SCO's saved values in the record's user_data (the per-SCO shape of issue #13). */
async function savedItem(activityId: number, itemId: string) {
  const data = JSON.parse((await legacyRecord(activityId))?.user_data ?? "{}") as {
    current?: string;
    items?: Record<string, Record<string, string>>;
  };
  return { current: data.current, values: data.items?.[itemId] ?? {} };
}

test.beforeEach(async () => {
  await mock.reset();
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the player records progress with JavaScript only");

  test("a 1.2 package gets the manifest's mastery score, launch data and time limit; a 0 % attempt is failed, saved, unfinished and scores nothing", async ({
    page,
  }) => {
    await signIn(page, accounts.learner.email, { at: "/511" });
    const { frame, state } = player(page);
    await expect(
      frame.getByText("Nota mínima: 100 · Datos: nivel=avanzado · Tiempo máximo: 00:10:00 · Al agotarse: exit,message"),
    ).toBeVisible();
    await frame.getByRole("button", { name: "Solo el auditor" }).click();
    await expect(frame.getByText("Respuesta enviada: 0 %")).toBeVisible();
    await expect.poll(async () => (await savedItem(511, "item-examen")).values["cmi.core.lesson_status"]).toBe("failed");
    const record = await legacyRecord(511);
    expect(record).toMatchObject({ finalized: null, progress: 0 });
    expect((await mock.calls()).filter((call) => call.includes("update_points") || call.includes("finished"))).toEqual([]);
    await expect(state).toHaveText("Iniciado");

    // Another attempt at 100 % passes and finishes.
    await page.goto("/");
    await page.goto("/511");
    await frame.getByRole("button", { name: "El custodio y el auditor" }).click();
    await expect(frame.getByText("Respuesta enviada: 100 %")).toBeVisible();
    await expect(state).toHaveText("Completado", { timeout: scaled(10_000) });
  });

  test("a Rustici-style 2004 package finds its manifest objectives without an alert, keeps them over a reopen and passes on the scaled passing score", async ({
    page,
  }) => {
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, accounts.learner.email, { at: "/512" });
    const { frame, state, close } = player(page);
    await expect(frame.getByText("Nota mínima: 0.7")).toBeVisible();
    await expect(frame.getByText("obj-modulo-1: unknown")).toBeVisible();
    await frame.getByRole("button", { name: "Completar módulo 1" }).click();
    await expect(frame.getByText("obj-modulo-1: passed")).toBeVisible();
    await expect
      .poll(async () => Object.values((await savedItem(512, "item-controles")).values))
      .toEqual(expect.arrayContaining(["obj-modulo-1", "passed"]));

    await close();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/512");
    await expect(frame.getByText("obj-modulo-1: passed")).toBeVisible();
    await expect(frame.getByText("obj-modulo-2: unknown")).toBeVisible();
    await frame.getByRole("button", { name: "Examen: 40 %" }).click();
    await expect(frame.getByText("Resultado: failed")).toBeVisible();
    await expect.poll(async () => (await savedItem(512, "item-controles")).values["cmi.success_status"]).toBe("failed");
    expect((await legacyRecord(512))?.finalized).toBeNull();
    await frame.getByRole("button", { name: "Examen: 80 %" }).click();
    await expect(frame.getByText("Resultado: passed")).toBeVisible();
    await expect(state).toHaveText("Completado", { timeout: scaled(10_000) });
    expect(dialogs).toEqual([]);
  });

  test.describe("on a touch screen", () => {
    test.use({ hasTouch: true });

    test("issue #27 item 6: a manifest that is not XML, or a launch file that is missing, says so with a reference code and records nothing; the rest keeps working", async ({
      page,
    }, testInfo) => {
      await giveNotXmlManifest();
      await signIn(page);
      const expectBroken = async () => {
        await page.goto(BROKEN_PATH);
        const alert = player(page).dialog.getByRole("alert");
        await expect(alert).toContainText("Este contenido no se puede abrir: su paquete está dañado o incompleto.");
        await expect(alert.locator(".request-id")).toHaveText(/^Código de referencia: [0-9a-f-]{36}$/);
        await expect(page.locator(".scorm-frame")).toHaveCount(0);
        await expectAccessible(page);
      };
      // Cut off mid-element: not XML (its launch page is there, which the player used to play alone).
      await expectBroken();
      await screenshot(page, testInfo, "player-scorm-broken", { fullPage: false });
      // A manifest whose launch file is not in the package.
      await mock.giveActivityFile(BROKEN, "imsmanifest.xml", text(manifestLaunching("falta.html")));
      await expectBroken();
      expect((await mock.calls()).filter((call) => /\/(started|update_|finished)/.test(call))).toEqual([]);
      // The rest of the academy plays on.
      await page.goto("/513");
      await expect(player(page).frame.getByRole("heading", { name: "Parte 1" })).toBeVisible();
    });

    test("issue #27 item 7: at 360×740 and 320×640 the package's frame ends above the app's bottom bar, its own last button in reach", async ({
      page,
    }, testInfo) => {
      await signIn(page, accounts.learner.email, { at: "/513" });
      const { dialog, frame, summary } = player(page);
      await expect(frame.getByRole("heading", { name: "Parte 1" })).toBeVisible();
      await expect(summary).toBeVisible();
      // 360 px: nothing to scroll, the frame fills what the dialog leaves.
      expect(await dialog.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1);
      for (const [width, height] of [
        [360, 740],
        [320, 640],
      ] as const) {
        await page.setViewportSize({ width, height });
        await screenshot(page, testInfo, `player-scorm-fits-${width}`, { fullPage: false });
        // The whole frame is in view at once (at 320 px the dialog scrolls to it), above the bar.
        const frameElement = page.locator(".scorm-frame");
        await frameElement.scrollIntoViewIfNeeded();
        const box = (await frameElement.boundingBox())!;
        const bar = (await page.locator(".tab-bar").boundingBox())!;
        expect(box.y, `${width} px: the frame's top`).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, `${width} px: the frame's bottom`).toBeLessThanOrEqual(bar.y);
        expect(box.height, `${width} px: the frame's height`).toBeGreaterThanOrEqual(16 * 16 - 1);
      }
      // The package's page is taller than its frame at 320×640: it scrolls inside it to its last button.
      await tapReachable(frame.getByRole("button", { name: "Guardar y salir del curso" }));
      await expect(dialog).toHaveCount(0);
    });

    test("a 2004 package of three SCOs: its table of contents, navigation requests, resume on the last SCO, rollup and exitAll", async ({
      page,
    }, testInfo) => {
      await signIn(page, accounts.learner.email, { at: "/513" });
      const { frame, state, toc, summary, item } = player(page);
      await expect(frame.getByRole("heading", { name: "Parte 1" })).toBeVisible();
      await expect(summary).toContainText("Contenido del curso (1 de 3)");
      await expect(summary).toContainText("Parte 1: planificación");

      // The SCO asks for continue, previous and choice; each opens a fresh SCO with its own data.
      await frame.getByRole("button", { name: "Marcar como completada" }).tap();
      await expect(frame.getByText("Parte completada")).toBeVisible();
      await frame.getByRole("button", { name: "Siguiente" }).tap();
      await expect(frame.getByRole("heading", { name: "Parte 2" })).toBeVisible();
      await expect(summary).toContainText("Contenido del curso (2 de 3)");
      await summary.tap();
      await expect(item(/Parte 1: planificación/)).toContainText("Completado");
      await expect(item(/Parte 2: pruebas/)).toContainText("En curso");
      await expect(item(/Parte 2: pruebas/)).toHaveAttribute("aria-current", "step");
      await expect(item(/Parte 3: informe/)).toContainText("Sin iniciar");
      // Nesting: the group is a title with its SCOs in a list of their own.
      await expect(toc.locator("li", { hasText: "Trabajo de campo" }).locator("ol button")).toHaveCount(2);
      // The screen the learner sees (the player is a modal: a full-page capture would show the page behind).
      await screenshot(page, testInfo, "player-scorm-toc", { fullPage: false });
      await page.setViewportSize({ width: 320, height: 640 });
      await screenshot(page, testInfo, "player-scorm-toc-320", { fullPage: false });
      await page.setViewportSize({ width: 360, height: 740 });
      await expectAccessible(page);
      await summary.tap();

      await frame.getByRole("button", { name: "Anterior" }).tap();
      await expect(frame.getByRole("heading", { name: "Parte 1" })).toBeVisible();
      // Parte 1 ended its attempt when it terminated without suspending: this is a new one, from a
      // fresh data model (decision 055), so it is completed again.
      await expect(frame.getByText("Entrada: ab-initio")).toBeVisible();
      await frame.getByRole("button", { name: "Marcar como completada" }).tap();
      await expect(frame.getByText("Parte completada")).toBeVisible();
      await frame.getByRole("button", { name: "Ir a la parte 3" }).tap();
      await expect(frame.getByRole("heading", { name: "Parte 3" })).toBeVisible();
      await expect.poll(async () => (await savedItem(513, "sco-3")).current).toBe("sco-3");

      // Reopened, the player resumes on the SCO open last.
      await page.goto("/");
      await page.goto("/513");
      await expect(frame.getByRole("heading", { name: "Parte 3" })).toBeVisible();
      await frame.getByRole("button", { name: "Marcar como completada" }).tap();
      await expect(frame.getByText("Parte completada")).toBeVisible();
      await expect(state).toHaveText("Iniciado");
      expect((await legacyRecord(513))?.finalized).toBeNull();

      // The table of contents launches any SCO; the last one completed finishes the activity.
      await summary.tap();
      await item(/Parte 2: pruebas/).tap();
      await expect(frame.getByRole("heading", { name: "Parte 2" })).toBeVisible();
      await frame.getByRole("button", { name: "Marcar como completada" }).tap();
      await expect(state).toHaveText("Completado", { timeout: scaled(10_000) });

      // exitAll closes the player as its × does.
      await frame.getByRole("button", { name: "Salir del curso", exact: true }).tap();
      await expect(page).toHaveURL(/\/$/);
      await expect(player(page).dialog).toHaveCount(0);
    });

    test("a 1.2 lesson completed offers the next one, tapped (issue #29 item 2)", async ({ page }, testInfo) => {
      await signIn(page, accounts.learner.email, { at: "/514" });
      const { frame, summary } = player(page);
      await expect(frame.getByRole("heading", { name: "Lección 1" })).toBeVisible();
      await expect(page.getByText("Lección completada.")).toHaveCount(0);
      await frame.getByRole("button", { name: "Terminar la lección" }).tap();
      const next = page.getByRole("status").filter({ hasText: "Lección completada." });
      await expect(next).toBeVisible();
      await expectAccessible(page);
      await screenshot(page, testInfo, "scorm-12-next-sco", { fullPage: false });
      await next.getByRole("button", { name: "Siguiente: Lección 2: selección" }).tap();
      await expect(frame.getByRole("heading", { name: "Lección 2" })).toBeVisible();
      await expect(summary).toContainText("(2 de 2)");
      await expect(next).toHaveCount(0);
    });
  });

  test("a 1.2 package of two SCOs is moved through with the keyboard, in English", async ({ page }, testInfo) => {
    await signIn(page);
    await chooseLanguage(page, "en", testInfo);
    await page.goto("/514");
    const { frame, state, summary, item } = player(page);
    await expect(frame.getByRole("heading", { name: "Lección 1" })).toBeVisible();
    await expect(summary).toContainText("Course contents (1 of 2)");
    // A 1.2 SCO completed: the player offers the next one (issue #29 item 2).
    await frame.getByRole("button", { name: "Terminar la lección" }).click();
    await expect(frame.getByText("Lección terminada")).toBeVisible();
    const next = page.getByRole("status").filter({ hasText: "Lesson completed." });
    await expect(next.getByRole("button", { name: "Next: Lección 2: selección" })).toBeVisible();
    await next.getByRole("button").focus();
    await page.keyboard.press("Enter");
    await expect(frame.getByRole("heading", { name: "Lección 2" })).toBeVisible();
    await expect(summary).toContainText("Course contents (2 of 2)");
    // The last one has no next.
    await expect(next).toHaveCount(0);

    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(item(/Lección 1: población/)).toContainText("Completed");
    await expect(item(/Lección 2: selección/)).toContainText("In progress");
    await expect(item(/Lección 2: selección/)).toHaveAttribute("aria-current", "step");
    expect((await legacyRecord(514))?.finalized).toBeNull();
    await frame.getByRole("button", { name: "Terminar la lección" }).click();
    await expect(state).toHaveText("Completed", { timeout: scaled(10_000) });
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "what a learner without JavaScript sees");

  test("a package of several SCOs says it needs JavaScript", async ({ page }) => {
    const response = await signIn(page, accounts.learner.email, { at: "/513" });
    expect(response?.status()).toBe(200);
    const { dialog, toc } = player(page);
    await expect(
      dialog.getByText("Este curso interactivo necesita JavaScript para funcionar y registrar tu avance."),
    ).toBeVisible();
    await expect(toc).toHaveCount(0);
  });

  test("issue #27 item 6: a broken package says so, with its reference code, in Spanish and in English", async ({
    page,
  }, testInfo) => {
    await giveNotXmlManifest();
    await signIn(page, accounts.learner.email, { at: BROKEN_PATH });
    const alert = player(page).dialog.getByRole("alert");
    await expect(alert).toContainText("Este contenido no se puede abrir: su paquete está dañado o incompleto.");
    await expect(alert.locator(".request-id")).toHaveText(/^Código de referencia: [0-9a-f-]{36}$/);
    // The player's document is the player (issue #31): the footer's language form lies behind its
    // dialog, so the learner changes the language on the route page and opens the activity again.
    await page.goto("/learning-path/formacion-requerida");
    await chooseLanguage(page, "en", testInfo);
    await page.goto(BROKEN_PATH);
    await expect(alert).toContainText("This content cannot be opened: its package is damaged or incomplete.");
    await expect(alert.locator(".request-id")).toHaveText(/^Reference code: [0-9a-f-]{36}$/);
    await expectAccessible(page);
    expect((await mock.calls()).filter((call) => /\/(started|update_|finished)/.test(call))).toEqual([]);
  });
});
