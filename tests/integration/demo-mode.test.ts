import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, ensureBuilt, freePort, launch, stopApp } from "./built-app";

/**
 * Issue #30 item 4, the image's own start (build/bin/start.js) as an operator runs it: production
 * with no LEGACY_API_URL is refused at once unless DEMO_MODE=1; the demo then says so in its log, on
 * /readyz and in the metrics, which agree.
 */
describe("no accidental demo", () => {
  it("exits at once, non-zero, with one line saying what to set", () => {
    const started = performance.now();
    const run = spawnSync(process.execPath, ["build/bin/start.js"], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: "0" },
      encoding: "utf8",
      timeout: 10_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^No LEGACY_API_URL in production: set LEGACY_API_URL .* or DEMO_MODE=1 /),
    ]);
    expect(run.stdout).toBe("");
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  describe("with DEMO_MODE=1", () => {
    let demo: App;
    let metricsPort: number;

    beforeAll(async () => {
      ensureBuilt();
      metricsPort = await freePort();
      demo = await launch("build/bin/start.js", {
        DEMO_MODE: "1",
        METRICS_PORT: String(metricsPort),
        MOCK_PORT: String(await freePort()),
      });
    }, 120_000);

    afterAll(async () => {
      if (demo) await stopApp(demo);
    });

    it("says so in its log, on /readyz and in the metrics", async () => {
      expect(demo.logs.some((line) => line.includes('"level":"warn"') && line.includes("DEMO MODE"))).toBe(true);
      const ready = await fetch(`${demo.origin}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.text()).toBe("ready\ndemo: the embedded mock legacy API with demo secrets and accounts");
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toMatch(/^academia_demo_mode 1$/m);
      expect(metrics).toMatch(/^academia_redis_state\{state="off"\} 1$/m);
    });
  });
});
