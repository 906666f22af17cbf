import type { Page } from "@playwright/test";
import { FIND_API, manifest12, page as packagePage, resource, STYLE } from "../fixtures/scorm-packages";
import { accounts, expect, mock, scaled, signIn, test } from "./fixtures";
import { tapReachable } from "./touch";

/**
 * Issue #27's ways out after page turns: a package that turns its own pages (each an entry in its
 * frame's history, as RuntimeBasicCalls' separate pages are) and never commits until it leaves,
 * when its unload handler bookmarks the page it was on and suspends. Whatever closes the player
 * after those page turns (×, Back, another link, the tab, a phone locking), what the package set
 * reaches the legacy API. The package is built here and given to a route's SCORM activity.
 */

test.use({ hasTouch: true, viewport: { width: 360, height: 740 } });
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the SCORM runtime needs JavaScript");

const ACTIVITY = 203;
const ROUTE = "/learning-path/formacion-requerida";
const SCO = "item-paginas";
const text = (value: string) => new TextEncoder().encode(value);

const SCRIPT = `// Pages 1-4 in the frame's history, each set as the bookmark; nothing is committed until the page goes.
(function () {
  "use strict";
  ${FIND_API("API")}
  var at = 1;
  var left = false;
  function show(page) {
    at = page;
    document.getElementById("page").textContent = "Página " + page + " de 4";
    document.getElementById("next").hidden = page >= 4;
    // Set as each page shows, committed only on the way out.
    lms("LMSSetValue", "cmi.core.lesson_location", String(page));
  }
  document.getElementById("next").addEventListener("click", function () {
    location.hash = "pagina-" + (at + 1);
  });
  window.addEventListener("hashchange", function () {
    show(Number(location.hash.replace("#pagina-", "")) || 1);
  });
  window.addEventListener("pagehide", function () {
    if (left) return;
    left = true;
    lms("LMSSetValue", "cmi.core.lesson_location", String(at));
    lms("LMSSetValue", "cmi.suspend_data", "salida en la página " + at);
    lms("LMSSetValue", "cmi.core.exit", "suspend");
    lms("LMSFinish", "");
  });
  if (!api) return say("Sin conexión con la plataforma.");
  lms("LMSInitialize", "");
  show(1);
})();
`;

/** Gives the activity the package: its script and style, its manifest, then the page it opens. */
async function givePackage() {
  await mock.giveActivityFile(ACTIVITY, "paginas.js", text(SCRIPT));
  await mock.giveActivityFile(ACTIVITY, "style.css", text(STYLE));
  const manifest = manifest12(
    "academia-paginas",
    "Páginas sin guardar",
    `      <item identifier="${SCO}" identifierref="res-paginas"><title>Páginas sin guardar</title></item>`,
    resource("res-paginas", "index.html", ["index.html", "paginas.js", "style.css"]),
  );
  await mock.giveActivityFile(ACTIVITY, "imsmanifest.xml", text(manifest));
  const body = `      <h1 id="page"></h1>
      <div class="actions"><button type="button" id="next">Siguiente</button></div>`;
  await mock.giveActivityFile(ACTIVITY, "index.html", text(packagePage("Páginas sin guardar", body, "paginas.js")));
}

function player(page: Page) {
  const dialog = page.locator("dialog.route-dialog").filter({ has: page.locator(".player") });
  const frame = page.frameLocator(".scorm-frame");
  return { dialog, frame, heading: frame.locator("h1") };
}

/** The SCO's kept values as the mock legacy API holds them. */
async function kept() {
  const record = (await mock.activityRecords(ACTIVITY))[0];
  const data = JSON.parse(record?.user_data ?? "{}") as { items?: Record<string, Record<string, string>> };
  return data.items?.[SCO] ?? {};
}

/** Opens the package from its card on the route page and turns to page 4: three entries in the frame's history. */
async function openAndTurnPages(page: Page) {
  await signIn(page, accounts.learner.email, { at: ROUTE });
  await page.locator(`a[href="${ROUTE}/${ACTIVITY}"]`).first().tap();
  const { frame, heading } = player(page);
  await expect(heading).toHaveText("Página 1 de 4");
  for (let at = 2; at <= 4; at++) {
    await frame.getByRole("button", { name: "Siguiente" }).tap();
    await expect(heading).toHaveText(`Página ${at} de 4`);
  }
  // Nothing was committed: the legacy API has the opening only.
  expect(await kept()).toEqual({});
}

/** What the package set on its way out, from page `at`, reached the legacy API. */
async function expectBookmarked(at: number) {
  await expect.poll(kept, { timeout: scaled(10_000) }).toMatchObject({
    "cmi.core.lesson_location": String(at),
    "cmi.suspend_data": `salida en la página ${at}`,
    "cmi.core.exit": "suspend",
  });
}

test.beforeEach(async () => {
  await mock.reset();
  await givePackage();
});

test("×, after the package turned its pages", async ({ page }) => {
  await openAndTurnPages(page);
  await tapReachable(player(page).dialog.getByRole("link", { name: "Cerrar" }));
  await expect(player(page).dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
  await expectBookmarked(4);
});

test("Back, after the package turned its pages: it steps back through them, then leaves the player", async ({ page }) => {
  await openAndTurnPages(page);
  const { dialog, heading } = player(page);
  // The browser's Back: one step of the tab's history, whichever frame made it (page.goBack
  // waits for the top document to load, which a step inside the frame never does).
  const back = () => page.evaluate(() => history.back());
  for (let at = 3; at >= 1; at--) {
    await back();
    await expect(heading).toHaveText(`Página ${at} de 4`);
  }
  await back();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${ROUTE}$`));
  await expectBookmarked(1);
});

test("another link of the app, after the package turned its pages", async ({ page }) => {
  await openAndTurnPages(page);
  // The header sits behind the modal player; the app navigates as the link's click would.
  await page.locator('header a[href="/ranking"]').dispatchEvent("click");
  await expect(page).toHaveURL(/\/ranking$/);
  await expectBookmarked(4);
});

test("closing the tab, after the package turned its pages", async ({ page }) => {
  await openAndTurnPages(page);
  await page.close({ runBeforeUnload: true });
  await expectBookmarked(4);
});

test("a phone locking, after the package turned its pages: what it set is saved though it never committed", async ({ page }) => {
  await openAndTurnPages(page);
  // The screen locks: the page is hidden (Playwright's pages are always visible, so the page is told), and may never see a pagehide.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect.poll(kept, { timeout: scaled(10_000) }).toMatchObject({ "cmi.core.lesson_location": "4" });
  expect(await kept()).not.toHaveProperty("cmi.suspend_data");
});
