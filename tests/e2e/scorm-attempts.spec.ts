import type { Page } from "@playwright/test";
import { accounts, expect, mock, scaled, signIn, test } from "./fixtures";
import { tapReachable } from "./touch";

/**
 * SCORM attempts (issue #27 items 1 to 4, decision 055), on a phone: the entry a SCO gets
 * follows how its last session ended, a normal exit starts a new attempt with a fresh data model
 * (the ended one kept in the record), a failure stands within its attempt, suspendAll closes the
 * player, and × closes it whatever history the package made. Asserted on what the legacy API
 * recorded. The quiz is simulator 515 (RuntimeBasicCalls 1.2's shape,
 * tests/fixtures/scorm-packages.ts); the three-SCO 2004 course is 513.
 */

test.use({ hasTouch: true, viewport: { width: 360, height: 740 } });
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the SCORM runtime needs JavaScript");
test.beforeEach(async () => {
  await mock.reset();
});

const QUIZ = 515;
const SCO = "item-cuestionario";

function player(page: Page) {
  const dialog = page.locator("dialog.route-dialog").filter({ has: page.locator(".player") });
  const frame = page.frameLocator(".scorm-frame");
  return {
    dialog,
    frame,
    state: dialog.locator(".player-meta .status"),
    button: (name: string) => frame.getByRole("button", { name, exact: true }),
    close: () => tapReachable(dialog.getByRole("link", { name: "Cerrar" })),
  };
}

type UserData = {
  items?: Record<string, Record<string, string>>;
  attempts?: Record<string, { number: number; ended: boolean; previous?: Record<string, string> }>;
};

/** The record's user_data as the mock legacy API holds it, and the record itself. */
async function legacy(activity: number) {
  const record = (await mock.activityRecords(activity))[0];
  return { record, data: JSON.parse(record?.user_data ?? "{}") as UserData };
}

/** Turns the quiz's pages to its question (page 5). */
async function toQuestion(page: Page) {
  const { button, frame } = player(page);
  for (let at = 2; at <= 5; at++) {
    await button("Siguiente").tap();
    await expect(frame.getByRole("heading", { name: `Página ${at} de 6` })).toBeVisible();
  }
}

async function open(page: Page, activity: number) {
  await page.goto("/");
  await page.goto(`/${activity}`);
  await expect(player(page).frame.locator("h1")).not.toBeEmpty();
}

test("issue #27 item 2 replayed: a quiz failed at 33 % stays failed when a later page and a reopened session set 'completed'", async ({
  page,
}) => {
  await signIn(page);
  await open(page, QUIZ);
  const { frame, button, state, close } = player(page);
  await expect(frame.getByText("Entrada: ab-initio")).toBeVisible();
  await toQuestion(page);
  await button("Responder mal (33 %)").tap();
  await expect(frame.getByText("Nota: 33 %")).toBeVisible();
  // The summary page sets "completed" in the same attempt.
  await button("Siguiente").tap();
  await expect(frame.getByRole("heading", { name: "Página 6 de 6" })).toBeVisible();
  await expect.poll(async () => (await legacy(QUIZ)).data.items?.[SCO]?.["cmi.core.lesson_location"]).toBe("6");
  expect((await legacy(QUIZ)).data.items?.[SCO]).toMatchObject({
    "cmi.core.lesson_status": "failed",
    "cmi.core.score.raw": "33",
  });
  await close();
  await expect(player(page).dialog).toHaveCount(0);

  // Reopened: the session was left without an exit (not suspended, not ended), so the same attempt
  // goes on with entry "", and the package offers its bookmark, where it sets "completed" again.
  await open(page, QUIZ);
  await expect(frame.getByText("Entrada: (vacía) · Estado: failed")).toBeVisible();
  await button("Volver a donde lo dejé").tap();
  await expect(frame.getByRole("heading", { name: "Página 6 de 6" })).toBeVisible();
  await close();
  await expect(player(page).dialog).toHaveCount(0);

  const { record, data } = await legacy(QUIZ);
  expect(data.items?.[SCO]?.["cmi.core.lesson_status"]).toBe("failed");
  expect(record).toMatchObject({ finalized: null, progress: 0 });
  expect((await mock.calls()).filter((call) => call.includes("update_points") || call.includes("finished"))).toEqual([]);
  await open(page, QUIZ);
  await expect(state).toHaveText("Iniciado");
});

test("issue #27 item 1: a normal exit ends the attempt; the next launch is a new attempt, ab-initio, with the ended one kept", async ({
  page,
}) => {
  await signIn(page);
  await open(page, QUIZ);
  const { frame, button, state } = player(page);
  await toQuestion(page);
  await button("Responder mal (33 %)").tap();
  await button("Salir").tap();
  await expect(frame.getByText("Terminado")).toBeVisible();
  await expect.poll(async () => (await legacy(QUIZ)).data.attempts?.[SCO]).toEqual({ number: 1, ended: true });

  await open(page, QUIZ);
  await expect(frame.getByText("Entrada: ab-initio · Estado: not attempted")).toBeVisible();
  await expect(button("Volver a donde lo dejé")).toBeHidden();
  await toQuestion(page);
  await button("Responder bien (100 %)").tap();
  await expect(state).toHaveText("Completado", { timeout: scaled(10_000) });

  const { record, data } = await legacy(QUIZ);
  expect(record?.finalized).toBeTruthy();
  expect(data.items?.[SCO]).toMatchObject({ "cmi.core.lesson_status": "passed", "cmi.core.score.raw": "100" });
  expect(data.attempts?.[SCO]).toMatchObject({
    number: 2,
    ended: false,
    previous: { "cmi.core.lesson_status": "failed", "cmi.core.score.raw": "33" },
  });
});

test("a suspended exit resumes: entry 'resume', the bookmark kept", async ({ page }) => {
  await signIn(page);
  await open(page, QUIZ);
  const { frame, button } = player(page);
  await button("Siguiente").tap();
  await button("Siguiente").tap();
  await expect(frame.getByRole("heading", { name: "Página 3 de 6" })).toBeVisible();
  await button("Guardar y salir").tap();
  await expect(frame.getByText("Guardado")).toBeVisible();
  await expect.poll(async () => (await legacy(QUIZ)).data.items?.[SCO]?.["cmi.core.exit"]).toBe("suspend");

  await open(page, QUIZ);
  await expect(frame.getByText("Entrada: resume")).toBeVisible();
  await button("Volver a donde lo dejé").tap();
  await expect(frame.getByRole("heading", { name: "Página 3 de 6" })).toBeVisible();
  expect((await legacy(QUIZ)).data.attempts).toBeUndefined();
});

test("issue #27 item 4: suspendAll closes the player, and the next launch resumes the suspended SCO", async ({ page }) => {
  await signIn(page);
  await open(page, 513);
  const { frame, button, dialog } = player(page);
  await expect(frame.getByRole("heading", { name: "Parte 1" })).toBeVisible();
  await expect(frame.getByText("Entrada: ab-initio")).toBeVisible();
  await button("Guardar y salir del curso").tap();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await legacy(513)).data.items?.["sco-1"]?.["cmi.exit"]).toBe("suspend");

  await open(page, 513);
  await expect(frame.getByRole("heading", { name: "Parte 1" })).toBeVisible();
  await expect(frame.getByText("Entrada: resume")).toBeVisible();
});

test("issue #27 item 3: × closes a player opened from its card after the package turned pages in its frame's history", async ({
  page,
}) => {
  await signIn(page, accounts.learner.email, { at: "/" });
  await page.locator(`a[href$="/${QUIZ}"]`).first().tap();
  const { frame, dialog, close } = player(page);
  await expect(frame.getByText("Entrada: ab-initio")).toBeVisible();
  // Four pages, four entries in the frame's history: a bare history.back() would go to page 4.
  await toQuestion(page);
  expect(await page.evaluate(() => history.length)).toBeGreaterThanOrEqual(5);
  await close();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await legacy(QUIZ)).data.items?.[SCO]?.["cmi.core.lesson_location"]).toBe("5");
  // Back from home leaves the app's page before it, never into the closed player.
  await page.goBack();
  await expect(page.locator("dialog.route-dialog")).toHaveCount(0);
});

test("a phone locking saves what the package set and never committed (the system may discard the page without a pagehide)", async ({
  page,
}) => {
  await signIn(page);
  await open(page, QUIZ);
  await expect(player(page).frame.getByText("Entrada: ab-initio")).toBeVisible();
  await expect.poll(async () => (await legacy(QUIZ)).data.items?.[SCO]?.["cmi.core.lesson_location"]).toBe("1");
  // As the SCO would call its API, without a Commit after.
  const sco = page.frame({ url: /intentos-12/ })!;
  await sco.evaluate(() =>
    (window.parent as unknown as { API: { LMSSetValue(name: string, value: string): string } }).API.LMSSetValue(
      "cmi.core.lesson_location",
      "4",
    ),
  );
  expect((await legacy(QUIZ)).data.items?.[SCO]?.["cmi.core.lesson_location"]).toBe("1");
  // The screen locks: the page is hidden (Playwright's pages are always visible, so the page is told).
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect.poll(async () => (await legacy(QUIZ)).data.items?.[SCO]?.["cmi.core.lesson_location"]).toBe("4");
});
