import { afterEach, vi } from "vitest";

// Every test file runs with a complete configuration; integration tests point
// LEGACY_API_URL at the mock legacy API they start. The legacy deadline is short, so a test of a
// slow upstream is quick, yet three times what a call takes on a slow, busy CI machine (500 ms was
// missed there by a 4 MiB upload and by twelve pages at once, decision 075).
Object.assign(process.env, {
  NODE_ENV: "test",
  LEGACY_API_URL: process.env.LEGACY_API_URL ?? "http://legacy.test/v1/api",
  LEGACY_APP_KEY: "test-app-key-0123",
  LEGACY_TIMEOUT_MS: "1500",
  SESSION_SECRET: "test-session-secret-0123456789abcdef-xyz",
  SSO_AES_KEY: "000102030405060708090a0b0c0d0e0f",
  SSO_AES_IV: "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
  FILES_HOST_URL: "http://files.test",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
});

afterEach(() => {
  vi.restoreAllMocks();
});

// Epic Stack's rule: a test that logs console.error fails, so unexpected errors are never ignored.
const originalError = console.error;
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
};
