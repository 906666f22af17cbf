import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    globals: true,
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "mock/**/*.test.ts", "tests/integration/**/*.test.ts"],
    setupFiles: ["tests/setup-vitest.ts"],
    globalSetup: ["tests/build-pdf-worker.ts"],
    environment: "node",
    testTimeout: 20_000,
  },
});
