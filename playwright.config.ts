import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";
import { EMPLOYEE_MOCK_PORT, EMPLOYEE_PORT, MOCK_PORT, PORT, serverLogFile } from "./tests/e2e/ports";

/**
 * End-to-end tests in Debian's Chromium (browsers are never downloaded), run twice: with
 * JavaScript on and with JavaScript off. The app runs in embedded mode on a fixed mock port
 * with its test endpoints on (MOCK_TEST_ENDPOINTS), so tests can read the mock's outbox and reset
 * its state. Their logs go to files that the global teardown scans for leaked tokens and keys.
 */

const chromium = {
  ...devices["Desktop Chrome"],
  viewport: { width: 360, height: 740 },
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  globalTeardown: "./tests/e2e/leaks.ts",
  timeout: 30_000,
  // Service workers are blocked except where a spec allows them (offline.spec).
  use: { baseURL: `http://localhost:${PORT}`, trace: "off", locale: "es-ES", serviceWorkers: "block" },
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: [
    { port: PORT, mockPort: MOCK_PORT, loginMode: "password" },
    { port: EMPLOYEE_PORT, mockPort: EMPLOYEE_MOCK_PORT, loginMode: "employee" },
  ].map(({ port, mockPort, loginMode }) => ({
    command: `node scripts/start.mjs --no-build > ${serverLogFile(port)} 2>&1`,
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      LOGIN_MODE: loginMode,
      PORT: String(port),
      MOCK_PORT: String(mockPort),
      LEGACY_API_URL: "",
      LOG_LEVEL: "info",
      TRUST_PROXY: "1",
      MOCK_TEST_ENDPOINTS: "1",
    },
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
