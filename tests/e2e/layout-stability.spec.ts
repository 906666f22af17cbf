import type { Page } from "@playwright/test";
import { expect, holdRequests, hydrated, jsEnabled, signIn, test } from "./fixtures";

/**
 * Nothing on a page moves when its scripts start or its media loads (issue #31 item 5): the
 * server's HTML is laid out as the running page is. Each of these moved before: the footer's
 * language button went, the profile's 'Descargas' came, a video took its size late and its loading
 * note pushed the page down and back (layout shifts),
 * and a player's dialog narrowed when its script made it modal, reflowing the PDF's text so that
 * its largest paint came after hydration (a dialog entering the top layer is not a layout shift,
 * so its width is compared with the server's), and a dialog, drawn with its header only by a phone
 * that painted what had arrived of the document, moved when the rest came.
 */

test.use({ viewport: { width: 412, height: 823 }, hasTouch: true });

test.beforeEach(async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without scripts nothing is replaced after the first paint");
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const shifts: { value: number; at: number; moved: string[] }[] = [];
    Object.assign(window, { shifts });
    const rect = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}×${height}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            at: entry.startTime,
            moved: entry.sources.map(
              ({ node, previousRect, currentRect }) =>
                `${node?.nodeName ?? "?"}.${(node as Element | null)?.className ?? ""} ${rect(previousRect)} → ${rect(currentRect)}`,
            ),
          });
    }).observe({ type: "layout-shift", buffered: true });
  });
});

/** Loaded, hydrated and drawn once more. */
async function settled(page: Page) {
  await hydrated(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * The page's layout shift once its document had arrived and was parsed, with what moved: from
 * then on its scripts run and its media loads. The shifts fixed were 0.004–0.03; one of 0.0004 on
 * the profile was seen once in CI under load and not reproduced (what moved is printed if it comes
 * back). A paint of a document that has partly arrived is the next test's subject: on a slow CI
 * machine the browser painted a page's header with half its buttons between two of the server's
 * compressed chunks (decision 075).
 */
async function expectStill(page: Page, path: string) {
  const shifts = await page.evaluate(() => {
    const parsed = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const all = (window as unknown as { shifts: { value: number; at: number; moved: string[] }[] }).shifts;
    return all.filter((shift) => shift.at >= parsed.domInteractive);
  });
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, `${path} moved: ${JSON.stringify(shifts)}`).toBeLessThan(0.001);
}

test("home, a route page, the profile and the PDF and SCORM players do not move once drawn", async ({ page }) => {
  await signIn(page);
  for (const path of ["/", "/learning-path/formacion-inicial", "/profile", "/103", "/106"]) {
    await page.goto(path);
    await settled(page);
    await expectStill(page, path);
  }
});

test("a form's length counter moves nothing when it comes: the footer stays under a tap, the suggestion form on hydration", async ({
  page,
}) => {
  await signIn(page);
  // Scrolled to the footer's data-saver switch, the contact form is near: its live version replaces the server's.
  await page.getByRole("button", { name: "Ahorro de datos: desactivado" }).scrollIntoViewIfNeeded();
  await expect(page.locator(".contact-form .field-counter")).toBeVisible();
  await settled(page);
  await expectStill(page, "/ scrolled to the footer");
  // The finger that reached for the switch finds it where it was.
  await page.getByRole("button", { name: "Ahorro de datos: desactivado" }).tap();
  await expect(page.getByRole("button", { name: "Ahorro de datos: activado" })).toHaveAttribute("aria-pressed", "true");
  await page.goto("/faq/suggestion");
  await settled(page);
  await expect(page.locator(".field-counter")).toBeVisible();
  await expectStill(page, "/faq/suggestion");
});

test("a video keeps its box while it loads, and its loading note its line", async ({ page }) => {
  await signIn(page);
  // The video held until the page has hydrated, as on a slow network: its note comes and goes.
  const release = await holdRequests(page, /\.(mp4|webm)(\?|$)/);
  await page.goto("/101");
  await settled(page);
  await expect(page.getByText("El video está cargando.")).toBeVisible();
  release();
  await expect.poll(() => page.locator("video").evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThan(0);
  await settled(page);
  await expectStill(page, "/101");
});

test("a player's dialog made modal by its script is as wide as the server drew it", async ({ page, browser }) => {
  await signIn(page);
  await page.goto("/103");
  await settled(page);
  const dialog = "dialog.route-dialog";
  // A modal dialog's own style caps its width (100% − 6px − 2em): the PDF's text reflowed on hydration.
  expect(await page.locator(dialog).evaluate((element) => element.matches(":modal"))).toBe(true);
  const modalWidth = await page.locator(dialog).evaluate((element) => element.getBoundingClientRect().width);
  const withoutScripts = await browser.newContext({
    javaScriptEnabled: false,
    viewport: page.viewportSize(),
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await withoutScripts.newPage();
    await plain.goto(page.url());
    expect(await plain.locator(dialog).evaluate((element) => element.getBoundingClientRect().width)).toBe(modalWidth);
  } finally {
    await withoutScripts.close();
  }
});

test("a dialog painted before its content has arrived is drawn where it stays", async ({ page }) => {
  await signIn(page);
  // A phone on a slow network paints the part of the document it has: a player's dialog drawn with
  // its header only came centred and jumped to the top once the player arrived (0.46 in a
  // Lighthouse run); a form's, centred, moved up as its fields came (0.035 in a CI run).
  for (const path of ["/103", "/106", "/faq/suggestion", "/profile/education"]) {
    await page.goto(path);
    await settled(page);
    const whole = await page.locator("dialog.route-dialog").boundingBox();
    // The document as far as the dialog's header, served at the same address (its stylesheet is same-origin only).
    const html = await (await page.request.get(path)).text();
    const header = html.indexOf("</div>", html.indexOf('class="route-dialog-header"')) + "</div>".length;
    const partial = await page.context().newPage();
    await partial.route(page.url(), (route) => route.fulfill({ contentType: "text/html", body: html.slice(0, header) }));
    await partial.goto(page.url());
    const arrived = await partial.locator("dialog.route-dialog").boundingBox();
    await partial.close();
    expect(arrived && { x: arrived.x, y: arrived.y, width: arrived.width }, path).toEqual(
      whole && { x: whole.x, y: whole.y, width: whole.width },
    );
  }
});
