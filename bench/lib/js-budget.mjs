import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../scripts/chromium.mjs";

/**
 * Gzip bytes of every script response a page loads in Chromium, in any frame, lazily loaded chunks
 * included: the page is left to settle (network idle, then a quiet second) before counting.
 * Bodies are gzipped here at the level remix-serve's compression uses, so app and floor are
 * counted alike whatever the transfer encoding.
 */
const SETTLE_MS = 1500;

async function scriptsOf(browser, url, cookie) {
  // The session cookie goes in a header, as Lighthouse sends it: Chromium will not store a
  // `__Host-` (Secure) cookie handed to it for a plain-http origin.
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: "es-ES",
    extraHTTPHeaders: cookie ? { Cookie: cookie } : {},
  });
  const page = await context.newPage();
  const pending = [];
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (response.request().resourceType() !== "script" && !type.includes("javascript")) return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), status: response.status(), raw: body.length, gzip: gzipSync(body, { level: 6 }).length }),
        () => ({ url: response.url(), status: response.status(), raw: 0, gzip: 0 }),
      ),
    );
  });
  const response = await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(SETTLE_MS);
  await page.waitForLoadState("networkidle");
  const finalUrl = page.url();
  const scripts = await Promise.all(pending);
  await context.close();
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
  if (new URL(finalUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${finalUrl}`);
  const broken = scripts.filter((script) => script.status >= 400 || script.raw === 0);
  if (broken.length > 0) throw new Error(`${url}: scripts failed: ${broken.map((script) => script.url).join(", ")}`);
  const unique = new Map(scripts.map((script) => [script.url, script]));
  const files = [...unique.values()].map((script) => ({ ...script, path: new URL(script.url).pathname }));
  return {
    files: files.length,
    raw: files.reduce((sum, file) => sum + file.raw, 0),
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
    scripts: files.map(({ path, raw, gzip }) => ({ path, raw, gzip })).sort((a, b) => b.gzip - a.gzip),
  };
}

/** `pages`: [{name, url, cookie?, factor}]; the floor's `/` is measured first, in the same browser. */
export async function measureJs({ floorUrl, pages }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const floor = await scriptsOf(browser, floorUrl);
    const results = [];
    for (const page of pages) {
      const measured = await scriptsOf(browser, page.url, page.cookie);
      const ratio = measured.gzip / floor.gzip;
      results.push({ name: page.name, path: new URL(page.url).pathname, ...measured, ratio, target: page.factor, pass: ratio <= page.factor });
    }
    return { floor, pages: results };
  } finally {
    await browser.close();
  }
}
