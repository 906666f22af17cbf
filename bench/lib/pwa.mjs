import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../scripts/chromium.mjs";
import { DEMO } from "./servers.mjs";

/**
 * Lighthouse's PWA audits (issue #18), which left Lighthouse with version 12 (its PWA category was
 * removed with Chrome's new install criteria), checked here the way its last versions did:
 * - `installable-manifest`: Chromium's own installability check (`Page.getInstallabilityErrors`,
 *   the protocol call Lighthouse used since version 7) finds nothing, on a normal profile;
 * - `service-worker`: a worker is active for the start URL and controls the page;
 * - `offline-start-url`: the start URL answers 200 with the server gone.
 * `app` is started for this section alone: it is stopped to take the network away for real.
 */
export async function measurePwa({ app }) {
  const profile = mkdtempSync(join(tmpdir(), "bench-pwa-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    viewport: { width: 360, height: 740 },
    locale: "es-ES",
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${app.origin}/login`);
    await page.getByLabel("Usuario").fill(DEMO.email);
    await page.getByLabel("Contraseña", { exact: true }).fill(DEMO.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL(`${app.origin}/`);
    await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 })
      .catch(() => undefined);

    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = manifestHref ? await (await fetch(new URL(manifestHref, app.origin))).json() : null;
    const startUrl = new URL(manifest?.start_url ?? "/", app.origin).href;
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    const worker = await page.evaluate(async (url) => {
      const registration = await navigator.serviceWorker.getRegistration(url);
      return {
        scriptUrl: registration?.active?.scriptURL ?? null,
        scope: registration?.scope ?? null,
        controls: navigator.serviceWorker.controller !== null,
      };
    }, startUrl);

    await app.stop();
    const offline = await page.goto(startUrl).catch((error) => ({ status: () => 0, error }));
    const offlineStatus = offline.status();
    const offlineTitle = offlineStatus === 200 ? await page.locator("h1").first().innerText() : null;

    return {
      manifest: manifestHref,
      startUrl,
      installable: { errors: installabilityErrors.map((error) => error.errorId), pass: installabilityErrors.length === 0 },
      serviceWorker: {
        ...worker,
        pass: Boolean(worker.scriptUrl && worker.controls && startUrl.startsWith(worker.scope ?? "\0")),
      },
      offlineStartUrl: { status: offlineStatus, heading: offlineTitle, pass: offlineStatus === 200 },
    };
  } finally {
    await context.close();
    // Chromium's helpers may still be writing to it for a moment after it exits (ENOTEMPTY).
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}
