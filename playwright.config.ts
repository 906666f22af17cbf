import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from "./scripts/chromium.mjs";
import { scaled } from "./tests/e2e/time-scale";

/**
 * End-to-end tests in Debian's Chromium (browsers are never downloaded), run twice: with
 * JavaScript on and with JavaScript off. Each worker starts its own app in embedded mode, with its
 * own mock legacy API and its test endpoints on (MOCK_TEST_ENDPOINTS), on ports the system hands
 * out (tests/e2e/servers.ts, the `app` fixture), so tests run in parallel and one's mock reset,
 * faults or sign-out never reach another. The apps' logs go to one folder per run, which the global
 * teardown scans for leaked tokens and keys. A spec that had to own its app's whole process (kill
 * it, fill its memory) would go in a serial project of its own; none does.
 */

const chromium = {
  ...devices["Desktop Chrome"],
  viewport: { width: 360, height: 740 },
  launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_FLAGS },
};

/**
 * Workers (each a browser, an app and its mock): E2E_WORKERS overrides the count measured fastest
 * on two cores with nothing else running (npm test runs the browser tests alone, decision 056).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 4);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: WORKERS,
  // One more try for a test that failed, in a new worker; it then counts as flaky, and `npm test`
  // names it under its table with the first try's error above (decision 076).
  retries: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  globalTeardown: "./tests/e2e/leaks.ts",
  // Every deadline as this machine needs it (tests/e2e/time-scale.ts).
  timeout: scaled(30_000),
  expect: { timeout: scaled(5_000) },
  // Service workers are blocked except where a spec allows them (offline.spec). The base URL is
  // the worker's own app (the `app` fixture).
  // An action or navigation that hangs fails on its own line, well inside the test's time.
  use: {
    trace: "off",
    locale: "es-ES",
    serviceWorkers: "block",
    actionTimeout: scaled(15_000),
    navigationTimeout: scaled(20_000),
  },
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false } },
  ],
});
