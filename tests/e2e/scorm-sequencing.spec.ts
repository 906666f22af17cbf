import type { Page } from "@playwright/test";
import { sequencedCourse } from "../fixtures/scorm-sequenced";
import { expect, expectAccessible, mock, scaled, screenshot, signIn, test } from "./fixtures";
import { tapReachable } from "./touch";

/**
 * SCORM 2004 sequencing (issue #27 item 5, decision 018) on a phone: a course built by the test
 * (tests/fixtures/scorm-sequenced.ts) is played in its order only, each part disabled until the
 * one before is passed through shared global objectives, with the player's own Continue and
 * Previous; a failed exam is retried within its attempt limit, passing it ends the course, and
 * closing the player suspends it for the next launch. Asserted on what the legacy API recorded.
 */

test.use({ hasTouch: true, viewport: { width: 360, height: 740 } });
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the SCORM runtime needs JavaScript");

const ACTIVITY = 203;
const ROUTE = "/learning-path/formacion-requerida";

type UserData = {
  items?: Record<string, Record<string, string>>;
  attempts?: Record<string, { number: number; ended: boolean }>;
  sequencing?: string;
};

async function legacy() {
  const record = (await mock.activityRecords(ACTIVITY))[0];
  return { record, data: JSON.parse(record?.user_data ?? "{}") as UserData };
}

function player(page: Page) {
  const dialog = page.locator("dialog.route-dialog").filter({ has: page.locator(".player") });
  const frame = page.frameLocator(".scorm-frame");
  const toc = dialog.getByRole("navigation", { name: /^Contenido del curso/ });
  return {
    dialog,
    frame,
    toc,
    part: frame.locator("h1"),
    entry: frame.locator("#entry"),
    continue: dialog.getByRole("button", { name: "Continuar" }),
    previous: dialog.getByRole("button", { name: "Anterior" }),
    result: (name: "Aprobar" | "Reprobar") => frame.getByRole("button", { name }).tap(),
  };
}

/** Passes both lessons, each followed by the player's Continue: the exam is open. */
async function passLessons(page: Page) {
  const sco = player(page);
  for (const part of ["Lección 1", "Lección 2"]) {
    await expect(sco.part).toHaveText(part);
    await sco.result("Aprobar");
    await tapReachable(sco.continue);
  }
}

/** Opens the course and passes lesson 1, followed by the player's Continue: lesson 2 is open. */
async function openAtLessonTwo(page: Page) {
  await open(page);
  const sco = player(page);
  await sco.result("Aprobar");
  await tapReachable(sco.continue);
  await expect(sco.part).toHaveText("Lección 2");
  return sco;
}

async function open(page: Page) {
  await page.goto(ROUTE);
  await page.locator(`a[href="${ROUTE}/${ACTIVITY}"]`).first().tap();
  await expect(player(page).part).not.toBeEmpty();
}

test.beforeEach(async () => {
  await mock.reset();
  for (const [name, text] of sequencedCourse()) await mock.giveActivityFile(ACTIVITY, name, new TextEncoder().encode(text));
});

test("played in order only: each part is disabled until the one before is passed, moved through with the player's Continue and Previous", async ({
  page,
}, testInfo) => {
  await signIn(page);
  await open(page);
  const sco = player(page);
  await expect(sco.part).toHaveText("Lección 1");
  await expect(sco.entry).toContainText("Anterior: ninguna");
  // choice="false": the contents list shows the course, none of it chosen from there.
  await sco.toc.locator("summary").tap();
  await expect(sco.toc.getByRole("button")).toHaveCount(3);
  for (const item of await sco.toc.getByRole("button").all()) await expect(item).toBeDisabled();
  await expectAccessible(page);
  await screenshot(page, testInfo, "scorm-sequenced-contents", { fullPage: false });
  await page.setViewportSize({ width: 320, height: 640 });
  await screenshot(page, testInfo, "scorm-sequenced-contents-320", { fullPage: false });
  await page.setViewportSize({ width: 360, height: 740 });
  await sco.toc.locator("summary").tap();
  // Lesson 2 is disabled until lesson 1 is passed: the learner is told, and lesson 1 goes on.
  const refused = sco.dialog.getByText("El curso no permite ir ahí ahora");
  await tapReachable(sco.continue);
  await expect(refused).toBeVisible();
  await sco.result("Reprobar");
  await expect(sco.frame.getByText("Reprobado")).toBeVisible();
  await tapReachable(sco.continue);
  await expect(sco.part).toHaveText("Lección 1");
  await sco.result("Aprobar");
  await expect(sco.frame.getByText("Aprobado")).toBeVisible();
  await tapReachable(sco.continue);
  await expect(sco.part).toHaveText("Lección 2");
  await expect(refused).toHaveCount(0);
  // Lesson 1's result reached lesson 2 through the shared objective.
  await expect(sco.entry).toHaveText("Entrada: ab-initio · Anterior: passed");
  await expect.poll(async () => (await legacy()).data.items?.["leccion-1"]?.["cmi.success_status"]).toBe("passed");
  await tapReachable(sco.continue);
  await expect(refused).toBeVisible();
  await expect(sco.part).toHaveText("Lección 2");
  // Back to lesson 1: its attempt had ended, so this is a new one.
  await tapReachable(sco.previous);
  await expect(sco.part).toHaveText("Lección 1");
  await expect(sco.entry).toHaveText("Entrada: ab-initio · Anterior: ninguna");
  await expect.poll(async () => (await legacy()).data.attempts?.["leccion-1"]?.number).toBe(2);
  const { data, record } = await legacy();
  expect(JSON.parse(data.sequencing ?? "{}")).toHaveProperty("sequencing.activityStates");
  // Only the exam counts toward the course's result: nothing is finished yet.
  expect(record?.finalized).toBeNull();
});

test("a failed exam is retried once, within its attempt limit; passing it ends the course, which is finished with its points", async ({
  page,
}) => {
  await signIn(page);
  await open(page);
  const sco = player(page);
  await passLessons(page);
  await expect(sco.part).toHaveText("Examen");
  await expect(sco.entry).toHaveText("Entrada: ab-initio · Anterior: passed");
  await sco.result("Reprobar");
  // The exam's post-condition: not satisfied, so it starts again (attempt 2) instead of going on.
  await tapReachable(sco.continue);
  await expect(sco.part).toHaveText("Examen");
  await expect(sco.frame.getByText("Reprobado")).toHaveCount(0);
  await expect.poll(async () => (await legacy()).data.attempts?.examen?.number).toBe(2);
  expect((await legacy()).record?.finalized).toBeNull();
  await sco.result("Aprobar");
  // Satisfied: exitAll ends the course and closes the player; the course rolled up satisfied.
  await tapReachable(sco.continue);
  await expect(sco.dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
  await expect.poll(async () => (await legacy()).record?.finalized ?? null, { timeout: scaled(10_000) }).not.toBeNull();
  expect((await legacy()).record).toMatchObject({ progress: 100 });
});

test("the exam failed twice is not delivered again: the learner is told, and nothing is finished", async ({ page }) => {
  await signIn(page);
  await open(page);
  const sco = player(page);
  await passLessons(page);
  for (let attempt = 1; attempt <= 2; attempt++) {
    await expect(sco.part).toHaveText("Examen");
    await sco.result("Reprobar");
    await tapReachable(sco.continue);
  }
  await expect(sco.dialog.getByText("El curso no permite ir ahí ahora")).toBeVisible();
  await expect(sco.part).toHaveText("Examen");
  await expect.poll(async () => (await legacy()).data.items?.examen?.["cmi.success_status"]).toBe("failed");
  expect((await legacy()).record?.finalized).toBeNull();
});

test("with choice on, the contents list leaves out what is hidden from it, disables a lesson until the one before is passed, and opens what is chosen", async ({
  page,
}) => {
  for (const [name, text] of sequencedCourse({ choice: true })) {
    await mock.giveActivityFile(ACTIVITY, name, new TextEncoder().encode(text));
  }
  await signIn(page);
  await open(page);
  const sco = player(page);
  await expect(sco.part).toHaveText("Lección 1");
  await sco.toc.locator("summary").tap();
  const items = sco.toc.getByRole("button");
  await expect(items).toHaveText([/^Lección 1: el arqueo/, /^Lección 2: diferencias/]);
  await expect(items.nth(0)).toBeEnabled();
  await expect(items.nth(1)).toBeDisabled();
  // The shared objective is written when lesson 1's attempt ends (SN's End Attempt), not on each commit.
  await sco.result("Aprobar");
  await tapReachable(sco.continue);
  await expect(sco.part).toHaveText("Lección 2");
  await expect(sco.entry).toHaveText("Entrada: ab-initio · Anterior: passed");
  // The list stayed open: nothing was chosen from it.
  await expect(items).toHaveText([/^Lección 1: el arqueo/, /^Lección 2: diferencias/]);
  await expect(items.nth(0)).toBeEnabled();
  // Chosen from the list: lesson 1 again, a new attempt.
  await tapReachable(items.nth(0));
  await expect(sco.part).toHaveText("Lección 1");
  await expect.poll(async () => (await legacy()).data.attempts?.["leccion-1"]?.number).toBe(2);
});

test("closing the player suspends the course: the next launch resumes the part it was on", async ({ page }) => {
  await signIn(page);
  const sco = await openAtLessonTwo(page);
  await tapReachable(sco.dialog.getByRole("link", { name: "Cerrar" }));
  await expect(sco.dialog).toHaveCount(0);
  await expect.poll(async () => (await legacy()).data.items?.["leccion-2"]?.["cmi.exit"]).toBe("suspend");
  await open(page);
  await expect(sco.part).toHaveText("Lección 2");
  await expect(sco.entry).toHaveText("Entrada: resume · Anterior: passed");
});

test("a SCO's own suspendAll closes the player; the next launch resumes it", async ({ page }) => {
  await signIn(page);
  const sco = await openAtLessonTwo(page);
  // As the SCO's own 'save and exit' would: the request, then Terminate.
  await page.frame({ url: /sco\.html\?parte=2/ })!.evaluate(() => {
    const api = (
      window.parent as unknown as {
        API_1484_11: { SetValue(name: string, value: string): string; Terminate(value: string): string };
      }
    ).API_1484_11;
    api.SetValue("adl.nav.request", "suspendAll");
    api.Terminate("");
  });
  await expect(sco.dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
  await expect.poll(async () => (await legacy()).data.items?.["leccion-2"]?.["cmi.exit"]).toBe("suspend");
  await open(page);
  await expect(sco.part).toHaveText("Lección 2");
  await expect(sco.entry).toHaveText("Entrada: resume · Anterior: passed");
});
