import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test as base, type TestInfo } from "@playwright/test";
import { sealData, unsealData } from "iron-session";
import { demoSecrets } from "../../app/infra/config.server";
import { type Cable, startCable } from "./cable";
import { SECRET_MARKERS } from "./leaks";
import { type AppServer, currentApp, setCurrentApp, startApp } from "./servers";
import { scaled } from "./time-scale";

export { scaled };

export const PASSWORD = "Academia2026!";
export const accounts = {
  learner: { email: "ana.martinez@academia.test", employeeNumber: "100001", name: "Ana Martínez" },
  leader: { email: "carlos.ruiz@academia.test", employeeNumber: "100002", name: "Carlos Ruiz" },
  newUser: { email: "lucia.gomez@academia.test", employeeNumber: "100003", name: "Lucía Gómez" },
} as const;

/** This worker's mock legacy API (each worker's app has its own, servers.ts). */
const mockOrigin = () => currentApp().mockOrigin;

/** The mock legacy API's headers for calls made as `email` (test set-up, not through the app). */
async function legacyHeaders(email: string) {
  const headers = { "X-App-Key": "demo-app-key-academia", "Content-Type": "application/json" };
  const login = await fetch(`${mockOrigin()}/v1/api/auth/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { ...headers, Authorization: `Bearer ${token}` };
}

/** A learner's progress record as the mock legacy API holds it (the fields the tests read). */
export type LegacyRecord = {
  training_activity_id: number;
  progress_type: string;
  progress: number;
  points: number;
  task_duration: number;
  user_data: string | null;
  finalized: string | null;
};

const SETTLE_MS = scaled(15_000);

/**
 * Until this worker's app has no request still running: a write from the last test's page, whose
 * context is closed, still reaches the mock (the app finishes a progress write whose client left),
 * and would count among the next test's calls, answered 401 once the reset has dropped its token.
 */
async function appSettled() {
  for (const deadline = Date.now() + SETTLE_MS; ;) {
    const metrics = await (await fetch(`${currentApp().metricsOrigin}/metrics`)).text();
    const running = Number(/^academia_requests_in_flight (\d+)$/m.exec(metrics)?.[1] ?? NaN);
    if (running === 0) return;
    if (Date.now() > deadline) throw new Error(`the app still has ${running} requests running after ${SETTLE_MS} ms`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

/** This worker's embedded mock legacy API: its test endpoints, and calls made to it directly. */
export const mock = {
  /** The learner's ACTIVITY records of an activity, as the legacy API holds them (one, unless a write was repeated). */
  async activityRecords(activityId: number, email: string = accounts.learner.email): Promise<LegacyRecord[]> {
    const reply = await fetch(`${mockOrigin()}/v1/api/training/user_progress`, { headers: await legacyHeaders(email) });
    const { user_progress: records } = (await reply.json()) as { user_progress: LegacyRecord[] };
    return records.filter((record) => record.training_activity_id === activityId && record.progress_type === "ACTIVITY");
  },
  /** Records an activity finished for `email` on the legacy API itself, as another device of theirs would have. */
  async finish(activityId: number, email: string = accounts.learner.email) {
    const headers = await legacyHeaders(email);
    for (const action of ["started", "finished"]) {
      const reply = await fetch(`${mockOrigin()}/v1/api/activities/${action}`, {
        method: "POST",
        headers,
        body: JSON.stringify({ action, activity: activityId, status_type: "ACTIVITY" }),
      });
      expect(reply.ok).toBe(true);
    }
  },
  /** Forgets every change, fault and call, once the app has finished what the last test's pages asked of it. */
  async reset() {
    await appSettled();
    const response = await fetch(`${mockOrigin()}/__mock/reset`, { method: "POST" });
    expect(response.ok).toBe(true);
  },
  /** Injects faults into the legacy API (latency, error and malformed rates, paths answered 404) until the next reset. */
  async setFaults(faults: {
    latencyMs?: number;
    errorRate?: number;
    malformedRate?: number;
    missingPaths?: string[];
    refusePath?: string;
  }) {
    const response = await fetch(`${mockOrigin()}/__mock/faults`, { method: "POST", body: JSON.stringify(faults) });
    expect(response.ok).toBe(true);
  },
  /** The legacy API calls received since the last reset, as `METHOD /path`. */
  async calls(): Promise<string[]> {
    const response = await fetch(`${mockOrigin()}/__mock/calls`);
    return ((await response.json()) as { calls: string[] }).calls;
  },
  /** Marks the user's newly earned badges seen, so the one-time badge dialog stays out of a test's way. */
  async markBadgesSeen(email: string) {
    const auth = await legacyHeaders(email);
    const check = await fetch(`${mockOrigin()}/v1/api/badges/check_badges`, { headers: auth });
    const { user_badges: badges } = (await check.json()) as { user_badges: Array<{ id: number }> };
    for (const badge of badges) await fetch(`${mockOrigin()}/v1/api/badges/view/${badge.id}`, { method: "POST", headers: auth });
  },
  /** Marks the user's pending news viewed, so the news modal (and the welcome flow) stays out of a test's way. */
  async viewPendingNews(email: string) {
    const auth = await legacyHeaders(email);
    const check = await fetch(`${mockOrigin()}/v1/api/user/check_updates`, { headers: auth });
    const { user_news: news } = (await check.json()) as { user_news: Array<{ id: number }> };
    for (const item of news) await fetch(`${mockOrigin()}/v1/api/user/user_news/${item.id}`, { method: "POST", headers: auth });
  },
  /** The contact messages the legacy API received (the public contact form and home's footer). */
  async contactMessages(): Promise<unknown[]> {
    const response = await fetch(`${mockOrigin()}/__mock/contact_messages`);
    return ((await response.json()) as { messages: unknown[] }).messages;
  },
  /** Makes `bytes` the file of an activity under `name` until the next reset: a PDF, a package's page or manifest (the file it opens), or a package's script or style sheet. */
  async giveActivityFile(activityId: number, name: string, bytes: Uint8Array<ArrayBuffer>) {
    const response = await fetch(`${mockOrigin()}/__mock/activity-file/${activityId}/${name}`, { method: "POST", body: bytes });
    expect(response.ok).toBe(true);
  },
  async lastRecoveryPath(to: string): Promise<string> {
    const response = await fetch(`${mockOrigin()}/__mock/outbox`);
    const { messages } = (await response.json()) as { messages: Array<{ to: string; link_path: string }> };
    const message = messages.filter((item) => item.to === to).at(-1);
    if (!message) throw new Error(`no recovery e-mail for ${to}`);
    return message.link_path;
  },
};

/**
 * Signs the page's browser in as `email` and opens `at` (home unless told). The credentials are
 * posted to the app's sign-in action from the browser's own context (its cookies, its address), so
 * the session is the one the form makes, without drawing the sign-in page first; the form itself is
 * tested in auth.spec.ts. The pending news (the new user's welcome flow) is settled first and,
 * unless `keepBadges`, the one-time 'new badge' dialog too. The welcome toast (a11y.spec reads
 * home with it) is left out unless `welcomeToast`: in the headless browser its 6 s
 * animation is drawn in software, ~60 ms of CPU a second: 7 % of the whole run's CPU.
 * Returns the answer to opening `at`.
 */
export async function signIn(
  page: Page,
  email: string = accounts.learner.email,
  { keepBadges = false, at = "/", welcomeToast = false }: { keepBadges?: boolean; at?: string; welcomeToast?: boolean } = {},
) {
  if (!keepBadges) await mock.markBadgesSeen(email);
  await mock.viewPendingNews(email);
  const { origin } = currentApp();
  const reply = await page.request.post(`${origin}/login`, {
    form: { email, password: PASSWORD },
    headers: { Origin: origin, "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(reply.status(), `signing in as ${email}`).toBe(302);
  // The flash cookie of app/infra/toast.server.ts.
  if (!welcomeToast) await page.context().clearCookies({ name: "toast" });
  const response = await page.goto(at);
  // Home is where signing in lands, as a document (decision 047): a test acts once its scripts have run.
  if (at === "/") await homeReady(page);
  return response;
}

/**
 * A narrow screen opens a PDF on its reading view (issue #29 item 4): 'Ver las páginas', a radio
 * button, shows the pages the server drew instead.
 */
export async function showPdfPages(page: Page) {
  await page.locator("dialog").getByRole("radio", { name: "Ver las páginas" }).check();
}

/** Closes the 'new badge' dialog with its button; a reload proves the legacy API recorded it. */
export async function dismissBadge(page: Page, label: string) {
  const badge = page.locator("dialog.badge-dialog");
  await expect(async () => {
    if (await badge.isVisible()) await badge.getByRole("button", { name: label }).click();
    await expect(badge).toBeHidden({ timeout: 2000 });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(badge).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: scaled(20_000) });
}

/** The options of every axe check: violations only, a SCORM package's own document left out (see below). */
const AXE_EXCLUDE = [".scorm-frame", "body"];
const AXE_OPTIONS = { resultTypes: ["violations" as const] };

type Violation = { id: string; impact?: string | null; nodes: Array<{ target: unknown[] }> };

/**
 * axe's violations, as `rule: targets` lines: only serious and critical ones unless `anyImpact`.
 * With JavaScript on, axe runs in the page itself, on the live document. axe runs as a script, and
 * in a page loaded with JavaScript off its timers never fire, so for the js-off project it checks
 * the same server-rendered HTML (scripts removed) in a scripted tab (`inProbe`). Only violations
 * are gathered: axe still runs every rule, and skips collecting the nodes that pass, which was a
 * third of its time here. axe runs in its legacy mode (`axe.run` in the page): the default opens a
 * blank page per check to merge each frame's results, which took half of a check's time here.
 * Legacy mode leaves out cross-origin frames; the app has one frame, a SCORM package's,
 * same-origin, and its document is excluded anyway: a package's own pages are its author's.
 */
export async function accessibilityViolations(page: Page, { anyImpact = false } = {}): Promise<string[]> {
  // The whole document: one still streaming in had a tab of its bottom bar cut before its text (CI).
  await page.waitForLoadState("domcontentloaded");
  const violations: Violation[] = jsEnabled(test.info()) ? await inLivePage(page) : await inProbe(page);
  return violations
    .filter((v) => anyImpact || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function inLivePage(page: Page): Promise<Violation[]> {
  await holdingFades(page);
  try {
    const results = await new AxeBuilder({ page }).setLegacyMode().exclude(AXE_EXCLUDE).options(AXE_OPTIONS).analyze();
    return results.violations;
  } finally {
    await releaseFades(page);
  }
}

/**
 * Until nothing on `page` is fading in or out: axe would read text caught mid-fade (a toast
 * leaving) as too faint. A fade under way is waited for; one still in its delay (a toast's 6 s) is
 * held until the check ends (`releaseFades`), or it could start while axe reads the page (CI).
 * Animations of anything else go on.
 */
async function holdingFades(page: Page) {
  await page.evaluate(() => {
    const fades = document
      .getAnimations()
      .filter((animation) => animation.playState === "running")
      .filter((animation) =>
        (animation.effect as KeyframeEffect).getKeyframes().some((frame) => "opacity" in frame || "visibility" in frame),
      );
    const waiting = fades.filter((animation) => animation.effect?.getComputedTiming().progress == null);
    for (const animation of waiting) animation.pause();
    Object.assign(window, { heldFades: waiting });
    return Promise.allSettled(fades.filter((animation) => !waiting.includes(animation)).map((animation) => animation.finished));
  });
}

/** Lets the fades `holdingFades` held go on from where they stood. */
async function releaseFades(page: Page) {
  await page.evaluate(() => {
    for (const animation of (window as unknown as { heldFades?: Animation[] }).heldFades ?? []) animation.play();
  });
}

/** The page the probe tabs stand on, on the checked page's origin (so its cookies and paths apply); fulfilled here. */
const PROBE_PATH = "/__axe-probe";
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * The scripted tabs the worker checks pages loaded with JavaScript off in, one per origin and
 * viewport size, kept from test to test and closed with the worker (`test`). Each holds axe,
 * loaded once; a check writes the page's HTML into the tab's document (`document.open()` keeps the
 * window, and axe in it), whose cache keeps the style sheets, fonts and images. Loading a copy of
 * the page and axe again for each check was two thirds of its CPU.
 */
const probes = new Map<string, Promise<Page>>();

function probeFor(page: Page, origin: string): Promise<Page> {
  const viewport = page.viewportSize();
  const key = `${origin} ${viewport?.width}x${viewport?.height}`;
  let probe = probes.get(key);
  if (!probe) {
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    probe = (async () => {
      const tab = await (await browser.newContext({ viewport, javaScriptEnabled: true })).newPage();
      await tab.route(`${origin}${PROBE_PATH}`, (route) =>
        route.fulfill({ body: "<!doctype html><title>axe</title>", contentType: "text/html; charset=utf-8" }),
      );
      await tab.goto(`${origin}${PROBE_PATH}`);
      await tab.evaluate(axeSource);
      return tab;
    })();
    probes.set(key, probe);
  }
  return probe;
}

/**
 * axe on `page`'s HTML without its scripts, in a probe tab with the page's cookies (what the HTML
 * links to, images and media, loads as it does for the page) and its address as the base of relative links.
 */
async function inProbe(page: Page): Promise<Violation[]> {
  const { origin } = new URL(page.url());
  const probe = await probeFor(page, origin);
  await probe.context().clearCookies();
  await probe.context().addCookies(await page.context().cookies());
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  return probe.evaluate(
    async ({ html, base, exclude, options }) => {
      document.open();
      // document.open() dropped the window's listeners: this one is for the document written now.
      const loaded = new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
      document.write(html);
      if (!document.querySelector("base")) document.head.prepend(Object.assign(document.createElement("base"), { href: base }));
      document.close();
      await loaded;
      const { axe } = window as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> };
      };
      const { violations } = await axe.run({ exclude: [exclude] }, options);
      return violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.map(({ target }) => ({ target })) }));
    },
    { html, base: page.url(), exclude: AXE_EXCLUDE, options: AXE_OPTIONS },
  );
}

/** axe: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
}

/**
 * Saves `tests/screenshots/<project>-<name>.png` (the whole page unless `fullPage: false`) for a
 * person to look at, when E2E_SCREENSHOTS=1: nothing reads them, and drawing and encoding them was
 * a tenth of the browsers' CPU in a run.
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  await page.screenshot({ path: `tests/screenshots/${testInfo.project.name}-${name}.png`, fullPage });
}

export function jsEnabled(testInfo: TestInfo) {
  return testInfo.project.use.javaScriptEnabled !== false;
}

/**
 * Holds the requests whose URL matches `pattern` until the returned function is called (a slow
 * network, without a timer); then they go on, or fail.
 */
export async function holdRequests(page: Page, pattern: RegExp, outcome: "loads" | "fails" = "loads") {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await (outcome === "loads" ? route.continue() : route.abort());
  });
  return release;
}

/** The footer's language button for pages without JavaScript, which React removes once it has hydrated the page. */
const NO_SCRIPT_LANGUAGE_BUTTON = ".language-select button[type=submit]";

/** Until the page is hydrated (its scripts handle what is tapped): the footer's no-script button is gone. */
export async function hydrated(page: Page) {
  await expect(page.locator(NO_SCRIPT_LANGUAGE_BUTTON)).toHaveCount(0);
}

/**
 * Home hydrated and its page's chunk in place of the server's HTML (decision 027): the courses are
 * tabs and the simulators' panel describes the slide in view. Until then the server's longer page
 * is shown, and its change moved the footer under a tap (CI). Without JavaScript the server's is the page.
 */
export async function homeReady(page: Page) {
  if (!jsEnabled(base.info())) return;
  await hydrated(page);
  await expect(page.locator("a.course-tab, .simulators .activity-card-description")).toHaveCount(0);
}

/** Picks a language in the selector: with JS it posts on change, without JS the button posts. */
export async function chooseLanguage(page: Page, lng: "es" | "en", testInfo: TestInfo) {
  const select = page.locator("#language-select");
  if (jsEnabled(testInfo)) {
    // Hydrated first: only then does the select post on change; a page just reloaded into a language may not be yet.
    await hydrated(page);
    await Promise.all([page.waitForURL(() => true, { waitUntil: "load" }), select.selectOption(lng)]);
  } else {
    await select.selectOption(lng);
    await page.locator(NO_SCRIPT_LANGUAGE_BUTTON).click();
  }
  await expect(page.locator("html")).toHaveAttribute("lang", lng);
}

const TEXT_TYPES = /^(text\/|application\/(json|javascript|xml)|image\/svg)/;

/**
 * What the server's clock would say if the activity had started `ms` ago, without waiting for it
 * (decision 050): the note the page holds ('Iniciar' sealed when the activity started,
 * app/player/server/plain-progress.server.ts) sealed again with `startedAt` `ms` before now, with
 * the secret the e2e apps run with (servers.ts pins embedded mode's demo secret), and put back in
 * the page's form. From now, not from the note: the real time a busy machine took since 'Iniciar'
 * does not count.
 */
export async function startedAgo(page: Page, ms: number) {
  const field = page.locator("dialog.route-dialog input[type=hidden][name=started]");
  const sealing = { password: demoSecrets.SESSION_SECRET, ttl: 24 * 60 * 60 };
  const note = await unsealData<{ startedAt: number }>((await field.getAttribute("value")) ?? "", sealing);
  expect(note.startedAt, "the page holds the server's started note").toBeGreaterThan(0);
  const earlier = await sealData({ ...note, startedAt: Date.now() - ms }, sealing);
  await field.evaluate((input: HTMLInputElement, value) => (input.value = value), earlier);
}

/**
 * Installs the page's clock standing still (Playwright's `install` leaves it running with the wall
 * clock), before the page loads: an app timer (an image's finish 5 s after it is drawn) fires
 * only as the test moves the clock (`runClockUntil`), however slow the machine.
 */
export async function stillClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
}

/**
 * Runs the page's clock (`page.clock.install()` came before the page loaded) `ms` forward, firing
 * every app timer due by then, until `done` passes. An app timer is set once what it waits for has
 * loaded, in an effect React runs after painting it, so the test may see that thing a moment before
 * the timer exists: the clock then goes `ms` forward again, until the timer has fired.
 */
export async function runClockUntil(page: Page, ms: number, done: () => Promise<unknown>) {
  await expect(async () => {
    await page.clock.runFor(ms);
    await done();
  }).toPass({ intervals: [250], timeout: scaled(20_000) });
}

/**
 * Until the tasks the page had queued have run: React runs an update's effects (where the app sets
 * its timers) in a task it queues on a MessageChannel once the update is on screen, so a message
 * posted on one after seeing the update arrives after them.
 */
export async function afterPendingTasks(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/**
 * Each worker runs its own app and mock legacy API (servers.ts): `app`, started before the worker's
 * first test and stopped after its last, which every page's `baseURL` points at; `employeeApp`, the
 * LOGIN_MODE=employee one, only in a worker whose tests ask for it.
 *
 * Every test scans every response its browser context receives but the build's files, which the
 * global teardown scans once on disk — headers (the sealed cookie is encrypted, so it is scanned too)
 * and every text body — for the secret markers (issue #7).
 */
export const test = base.extend<
  { leakScan: void; cspWatch: void; pageErrorWatch: void },
  { app: AppServer; employeeApp: AppServer; cable: Cable; axeProbes: void }
>({
  app: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
    async ({}, use) => {
      const app = await startApp("password");
      setCurrentApp(app);
      await use(app);
      setCurrentApp(null);
      await app.stop();
    },
    { scope: "worker", auto: true, timeout: scaled(120_000) },
  ],
  employeeApp: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => {
      const app = await startApp("employee");
      await use(app);
      await app.stop();
    },
    { scope: "worker", timeout: scaled(120_000) },
  ],
  /**
   * The worker's app behind an unpluggable relay (cable.ts), for the pages of offline.spec. Here,
   * not in that spec: a worker fixture of a spec's own is a pool of its own, which Playwright gives
   * workers (each an app and a browser) of their own.
   */
  cable: [
    async ({ app }, use) => {
      const cable = await startCable(app.port);
      await use(cable);
      await cable.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ app }, use) => {
    await use(app.origin);
  },
  /**
   * The e2e servers run with TRUST_PROXY=1 and every test's browser arrives from its own address,
   * as through a proxy, so the sign-in rate limits (10 a minute per IP) of one test never block
   * the next.
   */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = testInfo.testId.split("").reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
    const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": ip });
  },
  axeProbes: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => {
      await use();
      for (const probe of probes.values()) await (await probe).context().close();
      probes.clear();
    },
    { scope: "worker", auto: true },
  ],
  leakScan: [
    async ({ context }, use) => {
      const scans: Array<Promise<string | null>> = [];
      context.on("response", (response) => {
        scans.push(
          (async () => {
            // The build's files are the same in every response: the global teardown (leaks.ts) scans
            // them once, on disk; their headers are the static server's, ahead of any session code.
            if (new URL(response.url()).pathname.startsWith("/build/")) return null;
            const headers = JSON.stringify(await response.allHeaders());
            const type = response.headers()["content-type"] ?? "";
            const status = response.status();
            const hasBody = status !== 204 && status !== 304 && (status < 300 || status >= 400);
            const body = hasBody && TEXT_TYPES.test(type) ? await response.text().catch(() => "") : "";
            const leaked = SECRET_MARKERS.find((marker) => headers.includes(marker) || body.includes(marker));
            return leaked ? `${leaked} in ${response.url()}` : null;
          })().catch(() => null),
        );
      });
      await use();
      const leaks = (await Promise.all(scans)).filter(Boolean);
      expect(leaks).toEqual([]);
    },
    { auto: true },
  ],
  /**
   * Every test fails if a page throws an error it does not catch. React's hydration mismatches are
   * such errors (#418–#425): the page is then drawn again by the client, not kept from the server.
   */
  pageErrorWatch: [
    async ({ context }, use) => {
      const errors: string[] = [];
      context.on("weberror", (error) => errors.push(`${error.page()?.url()}: ${error.error().message}`));
      await use();
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
  /** Every test fails if the browser reports a Content-Security-Policy violation on any page. */
  cspWatch: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on("console", (message) => {
        if (message.type() === "error" && message.text().includes("Content Security Policy")) {
          violations.push(`${message.location().url}: ${message.text()}`);
        }
      });
      await use();
      expect(violations).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * `test` with each test's context in a browser of its own, closed whole when the test ends: for the
 * pages that register the service worker (offline.spec). Chromium now and then crashed (SIGTRAP)
 * disposing of such a context while its worker was still busy, in four CI runs, and the next test
 * of the worker that shared that browser failed at `browser.newContext` (as puppeteer#11627 reports
 * of a context closed with a live service worker). Closed whole, the browser disposes of no context
 * alone, and whatever ends with it is this test's only.
 */
export const testWithServiceWorkers = test.extend({
  context: async ({ playwright }, use) => {
    // The project's launch options (Debian's headless shell, its flags) are the worker's defaults.
    const browser = await playwright.chromium.launch();
    await use(await browser.newContext());
    await browser.close();
  },
});

/** The device's outbox records, as IndexedDB holds them. */
export function outboxRecords(page: Page) {
  return page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open("academia-outbox");
        open.onupgradeneeded = () => open.result.createObjectStore("writes");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction("writes").objectStore("writes").getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result);
          };
        };
      }),
  );
}
