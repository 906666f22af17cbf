import { readFileSync } from "node:fs";
import type { BrowserContext, Page, TestInfo } from "@playwright/test";
import { accounts, expect, expectAccessible, mock, outboxRecords, runClockUntil, scaled, signIn, test } from "./fixtures";

/**
 * The progress outbox (issue #18 items 4 and 5): what the player could not send offline waits on
 * the device and reaches the legacy API once, in order, when the connection returns, whether the
 * player, the tab or neither was closed meanwhile; signing out asks before discarding it; it
 * belongs to one user.
 */

const ROUTE = "/learning-path/formacion-requerida";
/** An image: started on opening, finished 5 s after it loads. */
const IMAGE = 205;

const dialogOf = (page: Page) => page.locator("dialog.route-dialog").filter({ has: page.locator(".player") });
const state = (page: Page) => dialogOf(page).locator(".player-meta .status");
const card = (page: Page) => page.locator("article.activity-card").filter({ has: page.locator(`a[href="${ROUTE}/${IMAGE}"]`) });

/** The 360×740 screen the learner sees (a modal over the page: not a full-page capture). */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `tests/screenshots/${testInfo.project.name}-${name}.png` });
}

/** The progress writes the legacy API received, in order. */
async function writes() {
  return (await mock.calls()).filter((call) => call.startsWith("POST /activities/"));
}

/** The browser chunks of app/offline/ and every chunk they import, as the build lists them. */
function offlineChunks(): string[] {
  const { outputs } = JSON.parse(readFileSync("build/metafile.js.json", "utf8")) as {
    outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown>; imports: Array<{ path: string }> }>;
  };
  const found = new Set<string>();
  const visit = (path: string) => {
    if (found.has(path) || !outputs[path]) return;
    found.add(path);
    for (const imported of outputs[path].imports) visit(imported.path);
  };
  for (const [path, output] of Object.entries(outputs)) {
    const inputs = [output.entryPoint ?? "", ...Object.keys(output.inputs)];
    if (inputs.some((input) => input.startsWith("app/offline/"))) visit(path);
  }
  return [...found].map((path) => path.replace(/^public/, ""));
}

/**
 * The outbox's code loads when a write fails; offline, it comes from the browser's cache, which the
 * service worker's precache fills. This suite runs without the service worker, so it fills the
 * cache itself, as having loaded those chunks before would.
 */
async function cacheOfflineCode(page: Page) {
  await page.evaluate(async (paths) => {
    await Promise.all(paths.map((path) => fetch(path)));
  }, offlineChunks());
}

/**
 * Signs in, opens the image online (started is saved), then finishes it offline (its 5 s on the
 * page's clock): its writes wait on the device.
 */
async function finishOffline(page: Page, context: BrowserContext) {
  await page.clock.install();
  await signIn(page, accounts.learner.email, { at: ROUTE });
  await cacheOfflineCode(page);
  await card(page).getByRole("link").tap();
  await expect(dialogOf(page).getByRole("img", { name: "Estructura de un hallazgo" })).toBeVisible();
  await expect(state(page)).toHaveText("Iniciado");
  await context.setOffline(true);
  await expect(page.locator(".connection-status")).toHaveText("Sin conexión");
  await runClockUntil(page, 5_000, () =>
    expect(state(page)).toHaveText("Completado · se enviará al reconectar", { timeout: 2_000 }),
  );
  await expect(dialogOf(page).getByRole("alert")).toHaveCount(0);
  expect(await writes()).toEqual(["POST /activities/started"]);
}

/** The device's outbox records, as IndexedDB holds them: whose, of which activity, whether its player still runs. */
async function records(page: Page) {
  return (await outboxRecords(page)) as Array<{ user: number; activity: number; open: boolean }>;
}

/**
 * An init script: notes in `window.outboxWatched` when the page starts watching the outbox, which
 * it shows by listening to every form submitted in the document before the form does
 * (app/offline/sync.ts, a capturing `submit` listener).
 */
function noteOutboxWatch() {
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget["addEventListener"]>) {
    const [type, , options] = args;
    const capture = options === true || (typeof options === "object" && options?.capture === true);
    if (this === document && type === "submit" && capture) (window as { outboxWatched?: boolean }).outboxWatched = true;
    return add.apply(this, args);
  };
}

/** Closes the player with its × (the page stays, offline or not). */
async function closePlayer(page: Page) {
  await dialogOf(page).getByRole("link", { name: "Cerrar" }).tap();
  await expect(dialogOf(page)).toHaveCount(0);
}

const ONCE_IN_ORDER = ["POST /activities/started", "POST /activities/update_time", "POST /activities/finished"];

test.beforeEach(async () => {
  await mock.reset();
});

test.describe("with JavaScript, on a touch screen", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the outbox is the player's, which needs JavaScript");
  test.use({ hasTouch: true });

  test("progress made offline is sent once, in order, when the connection returns on the open player", async ({
    page,
    context,
  }, testInfo) => {
    await finishOffline(page, context);
    await screenshot(page, testInfo, "player-offline");
    await context.setOffline(false);
    await expect(state(page)).toHaveText("Completado · Guardado", { timeout: scaled(10_000) });
    expect(await writes()).toEqual(ONCE_IN_ORDER);
    expect((await mock.activityRecords(IMAGE))[0]?.finalized).toBeTruthy();
  });

  test("a player closed offline leaves its progress waiting; it is sent once when the connection returns", async ({
    page,
    context,
  }, testInfo) => {
    await finishOffline(page, context);
    await closePlayer(page);
    // Closed: its player no longer runs, its writes wait in the outbox.
    await expect
      .poll(async () => (await records(page)).map(({ activity, open }) => ({ activity, open })))
      .toEqual([{ activity: IMAGE, open: false }]);
    expect(await writes()).toEqual(["POST /activities/started"]);
    await context.setOffline(false);
    await expect(page.getByText("Se envió el avance que tenías sin conexión.")).toBeVisible({ timeout: scaled(10_000) });
    await expect(card(page).locator(".status")).toHaveText("Completado");
    await screenshot(page, testInfo, "outbox-sent");
    // Nothing is left on the device to send again.
    await expect.poll(() => outboxRecords(page)).toEqual([]);
    expect(await writes()).toEqual(ONCE_IN_ORDER);
    expect(await outboxRecords(page)).toEqual([]);
  });

  test("a tab closed offline leaves its progress waiting; a page opened online later sends it once", async ({
    page,
    context,
  }) => {
    await finishOffline(page, context);
    // Closed as a person closes a tab (its pagehide runs); the context changes only once it is gone.
    const closed = page.waitForEvent("close");
    await page.close({ runBeforeUnload: true });
    await closed;
    await context.setOffline(false);
    const later = await context.newPage();
    await later.goto("/ranking");
    await expect(later.getByText("Se envió el avance que tenías sin conexión.")).toBeVisible({ timeout: scaled(10_000) });
    expect(await writes()).toEqual(ONCE_IN_ORDER);
    // Whatever the reloaded page would send, it has sent once its network is idle.
    await later.reload({ waitUntil: "networkidle" });
    expect(await writes()).toEqual(ONCE_IN_ORDER);
  });

  test("signing out offline with progress waiting asks first; sending later keeps it, and it is sent online", async ({
    page,
    context,
  }, testInfo) => {
    await page.addInitScript(noteOutboxWatch);
    await finishOffline(page, context);
    await closePlayer(page);
    // The page takes over signing out once it watches the outbox, whose code it loads when the
    // outbox first holds something: a person needs longer than that to reach the button.
    await expect.poll(() => page.evaluate(() => (window as { outboxWatched?: boolean }).outboxWatched)).toBe(true);
    await page.getByRole("button", { name: "Cerrar sesión" }).tap();
    const question = page.getByRole("dialog", { name: "Tienes progreso sin enviar" });
    await expect(question).toBeVisible();
    await expect(question).toContainText("se perderá en este dispositivo");
    await expectAccessible(page);
    await screenshot(page, testInfo, "logout-pending-outbox");
    await question.getByRole("button", { name: "Enviar más tarde" }).tap();
    await expect(question).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
    await context.setOffline(false);
    await expect(page.getByText("Se envió el avance que tenías sin conexión.")).toBeVisible({ timeout: scaled(10_000) });
    expect(await writes()).toEqual(ONCE_IN_ORDER);
    // Nothing waits now: signing out asks nothing.
    await page.getByRole("button", { name: "Cerrar sesión" }).tap();
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test("discarding the progress that cannot be sent signs out and forgets it", async ({ page }) => {
    await page.clock.install();
    await signIn(page);
    // The pages load but the writes never arrive (the browser still says it is online): they
    // wait, and the drain at sign-out cannot send them.
    await page.route("**/activity-progress", (route) =>
      route.request().postData()?.includes("started") ? route.continue() : route.abort("internetdisconnected"),
    );
    await page.goto(ROUTE);
    await card(page).getByRole("link").tap();
    await expect(state(page)).toHaveText("Iniciado");
    // The image's 5 s on the page's clock, then finished cannot be sent: a write that never reached
    // the app says there is no connection, whatever `navigator.onLine` says.
    await runClockUntil(page, 5_000, () =>
      expect(state(page)).toHaveText("Completado · se enviará al reconectar", { timeout: 2_000 }),
    );
    await expect(page.locator(".connection-status")).toHaveText("Sin conexión");
    await expect(dialogOf(page).getByRole("alert")).toHaveCount(0);
    // The device holds the writes that failed (a person needs longer than that to reach the profile).
    await expect.poll(async () => (await records(page)).map(({ activity }) => activity)).toEqual([IMAGE]);
    await closePlayer(page);
    await page.goto("/profile", { waitUntil: "networkidle" });
    await page.locator(".profile-logout").getByRole("button", { name: "Cerrar sesión" }).tap();
    const question = page.getByRole("dialog", { name: "Tienes progreso sin enviar" });
    await question.getByRole("button", { name: "Descartar y cerrar sesión" }).tap();
    await expect(page).toHaveURL(/\/welcome$/);
    expect(await outboxRecords(page)).toEqual([]);
    await page.unrouteAll();
    // Signing in waits for home's network to be idle: whatever it would send, it has sent.
    await signIn(page);
    expect(await outboxRecords(page)).toEqual([]);
    expect(await writes()).toEqual(["POST /activities/started"]);
  });

  test("progress that could not be sent goes once the connection returns, though the browser never said it had left", async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, accounts.learner.email, { at: ROUTE });
    // The writes after 'started' go nowhere while `navigator.onLine` stays true, so no `online`
    // event will say when they can go (a network that reaches nothing, or a saved copy's page).
    let lost = 0;
    await page.route("**/activity-progress", (route) => {
      if (route.request().postData()?.includes("started")) return route.continue();
      lost += 1;
      return route.abort("internetdisconnected");
    });
    await card(page).getByRole("link").tap();
    await expect(state(page)).toHaveText("Iniciado");
    await runClockUntil(page, 5_000, () =>
      expect(state(page)).toHaveText("Completado · se enviará al reconectar", { timeout: 2_000 }),
    );
    await closePlayer(page);
    await expect
      .poll(async () => (await records(page)).map(({ activity, open }) => ({ activity, open })))
      .toEqual([{ activity: IMAGE, open: false }]);
    // The page's own try with the player closed has gone nowhere too.
    const beforeTry = lost;
    await expect.poll(() => lost).toBeGreaterThan(beforeTry);
    await expect(page.locator(".connection-status")).toHaveText("Sin conexión");
    await page.unrouteAll();
    // The page tries again on its own, later and later: its clock moves, the browser's events stay still.
    await runClockUntil(page, 10_000, () =>
      expect(page.getByText("Se envió el avance que tenías sin conexión.")).toBeVisible({ timeout: 2_000 }),
    );
    await expect(page.locator(".connection-status")).toHaveText("");
    await expect(card(page).locator(".status")).toHaveText("Completado");
    await expect.poll(() => outboxRecords(page)).toEqual([]);
    expect(await writes()).toEqual(ONCE_IN_ORDER);
  });

  test("a second user on the same browser never sends nor keeps the first one's waiting progress", async ({ page, context }) => {
    await finishOffline(page, context);
    await closePlayer(page);
    // The first learner's session ends without signing out (it expired, say).
    await context.clearCookies();
    await context.setOffline(false);
    await signIn(page, accounts.leader.email);
    // The leader's page drains the outbox: Ana's record is deleted, never sent.
    await expect.poll(() => outboxRecords(page)).toEqual([]);
    expect(await writes()).toEqual(["POST /activities/started"]);
    await context.clearCookies();
    // Signing in waits for home's network to be idle: whatever it would send, it has sent.
    await signIn(page);
    expect(await outboxRecords(page)).toEqual([]);
    expect(await writes()).toEqual(["POST /activities/started"]);
    expect((await mock.activityRecords(IMAGE))[0]?.finalized).toBeFalsy();
  });
});
