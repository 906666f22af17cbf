import type { Page } from "@playwright/test";
import { accessibilityViolations, accounts, expect, mock, signIn, test } from "./fixtures";

/**
 * axe on every page, JavaScript on and off (issue #7): a violation of ANY impact fails. Pages whose
 * ids come from the data (a route's activity, a trivia, a notification) are found through links.
 */
test.beforeEach(async () => {
  await mock.reset();
});

async function check(page: Page, path: string) {
  await test.step(path, async () => {
    const response = await page.goto(path);
    expect.soft(response?.status(), `${path} status`).toBeLessThan(500);
    await expect(page.locator("main, dialog[open]").first()).toBeVisible();
    expect.soft(await accessibilityViolations(page, { anyImpact: true }), path).toEqual([]);
  });
}

/** The first link on `from` whose path matches `pattern`. */
async function firstLink(page: Page, from: string, pattern: RegExp): Promise<string> {
  await page.goto(from);
  const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const href = hrefs.find((value) => pattern.test(value));
  if (!href) throw new Error(`no link matching ${pattern} on ${from}`);
  return href;
}

test("guest pages", async ({ page }) => {
  for (const path of [
    "/welcome",
    "/login",
    "/recovery",
    "/recovery/not-a-token",
    "/about",
    "/insiders",
    "/partners",
    "/contact",
    "/accessibility",
  ]) {
    await check(page, path);
  }
});

test("a learner's pages and dialogs", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const route = await firstLink(page, "/", /^\/learning-path\/[^/]+$/);
  const activity = await firstLink(page, route, new RegExp(`^${route}/\\d+$`));
  const trivia = await firstLink(page, "/trivia", /^\/trivia\/\d+$/);
  await page.goto("/notifications");
  const notification = `/notifications/${await page.locator("form.notification-open input[name=id]").first().getAttribute("value")}`;
  for (const path of [
    "/",
    route,
    activity,
    "/ranking",
    "/trivia",
    trivia,
    "/notifications",
    notification,
    "/achievements",
    "/profile",
    "/profile/my_results",
    "/vr",
    "/faq",
    "/faq/suggestion",
    "/support",
    "/support/new",
    "/accessibility",
    "/logout",
  ]) {
    await check(page, path);
  }
});

test("the leader's pages and dialogs", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, accounts.leader.email);
  const member = await firstLink(page, "/profile_auditor", /^\/profile_auditor\/remove\/\d+$/);
  for (const path of ["/profile_auditor", "/profile_auditor/add", "/profile_auditor/material", member]) {
    await check(page, path);
  }
});
