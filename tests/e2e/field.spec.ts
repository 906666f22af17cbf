import { expect, mock, screenshot, signIn, test } from "./fixtures";
import { tapReachable } from "./touch";

/** Defects found by using the app as learners and leaders would (issue #14), on a touch screen. */
test.use({ hasTouch: true });

test.beforeEach(async () => {
  await mock.reset();
});

test("the last notification is deleted with taps: its confirmation is inside the card, not clipped or covered", async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto("/notifications");
  const cards = page.locator(".notification");
  const count = await cards.count();
  const victim = cards.last();
  const title = (await victim.locator(".card-title").textContent()) ?? "";
  await tapReachable(victim.locator(".notification-menu > summary"));
  await tapReachable(victim.locator(".notification-confirm > summary"));
  await screenshot(page, testInfo, "notification-delete");
  await tapReachable(victim.getByRole("button", { name: "Sí, eliminar" }));
  await expect(page.getByText("¡Acción realizada con éxito!")).toBeVisible();
  await expect(page.locator(".notification", { hasText: title })).toHaveCount(0);
  await expect(cards).toHaveCount(count - 1);
});
