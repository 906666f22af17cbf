import { existsSync, readFileSync } from "node:fs";
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
        (body) => ({
          url: response.url(),
          status: response.status(),
          raw: body.length,
          gzip: gzipSync(body, { level: 6 }).length,
        }),
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

/** The package a bundled source file belongs to, or the app's translations, or the app. */
function packageOf(input) {
  const at = input.lastIndexOf("node_modules/");
  if (at < 0) return input.startsWith("app/locales/") ? "app translations" : "app";
  const parts = input.slice(at + "node_modules/".length).split("/");
  return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

/**
 * What each page's gzip bytes are made of, by package: every script's gzip size shared out over
 * the packages in it by their bytes in the output, from the esbuild metafile of the Remix build.
 */
function byPackage(scripts, metafile) {
  if (!existsSync(metafile)) return {};
  const outputs = JSON.parse(readFileSync(metafile, "utf8")).outputs;
  const totals = {};
  for (const script of scripts) {
    const output = outputs[`public${script.path}`];
    if (!output) continue;
    const inputs = Object.entries(output.inputs);
    const bytes = inputs.reduce((sum, [, input]) => sum + input.bytesInOutput, 0) || 1;
    for (const [file, input] of inputs) {
      const name = packageOf(file);
      totals[name] = (totals[name] ?? 0) + (script.gzip * input.bytesInOutput) / bytes;
    }
  }
  return Object.fromEntries(
    Object.entries(totals)
      .map(([name, gzip]) => [name, Math.round(gzip)])
      .filter(([, gzip]) => gzip >= 512)
      .sort((a, b) => b[1] - a[1]),
  );
}

/**
 * `pages`: [{name, url, cookie?, factor}]; the floor's `/` is measured first, in the same browser.
 * `metafiles`: the esbuild metafiles of the floor's and the app's browser builds.
 */
export async function measureJs({ floorUrl, pages, metafiles }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const floor = await scriptsOf(browser, floorUrl);
    floor.gzipByPackage = byPackage(floor.scripts, metafiles.floor);
    const results = [];
    for (const page of pages) {
      const measured = await scriptsOf(browser, page.url, page.cookie);
      const ratio = measured.gzip / floor.gzip;
      results.push({
        name: page.name,
        path: new URL(page.url).pathname,
        ...measured,
        gzipByPackage: byPackage(measured.scripts, metafiles.app),
        ratio,
        target: page.factor,
        pass: ratio <= page.factor,
      });
    }
    return { floor, pages: results };
  } finally {
    await browser.close();
  }
}
