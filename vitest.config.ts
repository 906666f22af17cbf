import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Four projects, four stages of `npm test` (scripts/test.mjs): `unit` (app/, server/, mock/:
 * rules, schemas, modules), `integration` (tests/integration: loaders, actions and the built app
 * over real HTTP), `serial` (tests/serial: attacks that fill the server's memory or kill it,
 * and measure another learner's latency; and `*.serial.test.ts` beside a module, whose test holds
 * child processes to deadlines: one file at a time (`--no-file-parallelism`), never beside other
 * stages) and `static` (`*.static.test.ts`: checks of the source with TypeScript's checker, run
 * beside the type check, decision 067).
 */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    globals: true,
    setupFiles: ["tests/setup-vitest.ts"],
    globalSetup: ["tests/ensure-build.ts"],
    environment: "node",
    // A deadline that only catches a hang, for a CI machine three times slower than a quiet one (decision 075).
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "mock/**/*.test.ts"],
          exclude: ["**/*.serial.test.ts", "**/*.static.test.ts", "**/node_modules/**"],
        },
      },
      { extends: true, test: { name: "integration", include: ["tests/integration/**/*.test.ts"] } },
      { extends: true, test: { name: "static", include: ["app/**/*.static.test.ts"] } },
      {
        extends: true,
        test: {
          name: "serial",
          include: ["tests/serial/**/*.test.ts", "app/**/*.serial.test.ts", "server/**/*.serial.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
