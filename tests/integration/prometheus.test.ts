import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../../mock";
import { type App, TEST_SECRETS, ensureBuilt, freePort, startBuiltApp, stop } from "./built-app";

/**
 * Issue #30 item 2: Debian's real `prometheus` (`.ci/run` installs it) scrapes two replicas'
 * METRICS_PORT every second; after a scripted load the test asks its HTTP API and checks the
 * numbers against what was sent. Also `promtool check rules` on the shipped alert rules.
 */
const hasPrometheus = spawnSync("prometheus", ["--version"]).status === 0;
if (!hasPrometheus && process.env.CI) throw new Error("prometheus is missing: .ci/run installs Debian's prometheus package");

const HOME = "routes/_app+/_home+/_index";

describe.skipIf(!hasPrometheus)("a real Prometheus scraping two replicas", () => {
  let mock: MockServer;
  let replicas: App[];
  let prometheus: ChildProcess;
  let api: string;
  let dir: string;
  let metricsPorts: number[];

  const query = async (promql: string): Promise<number> => {
    const reply = (await (await fetch(`${api}/api/v1/query?query=${encodeURIComponent(promql)}`)).json()) as {
      data: { result: Array<{ value: [number, string] }> };
    };
    return Number(reply.data.result[0]?.value[1] ?? Number.NaN);
  };

  beforeAll(async () => {
    ensureBuilt();
    mock = await startMockServer({ port: 0, appKey: TEST_SECRETS.LEGACY_APP_KEY });
    const ports = (metricsPorts = [await freePort(), await freePort()]);
    replicas = await Promise.all(
      ports.map((port) => startBuiltApp({ LEGACY_API_URL: mock.url, FILES_HOST_URL: mock.origin, METRICS_PORT: String(port) })),
    );
    dir = mkdtempSync(join(tmpdir(), "academia-prometheus-"));
    writeFileSync(
      join(dir, "prometheus.yml"),
      [
        "global: { scrape_interval: 1s, evaluation_interval: 1s }",
        "scrape_configs:",
        "  - job_name: academia",
        `    static_configs: [{ targets: [${ports.map((port) => `"127.0.0.1:${port}"`).join(", ")}] }]`,
      ].join("\n"),
    );
    const apiPort = await freePort();
    api = `http://127.0.0.1:${apiPort}`;
    prometheus = spawn(
      "prometheus",
      [
        `--config.file=${join(dir, "prometheus.yml")}`,
        `--storage.tsdb.path=${join(dir, "data")}`,
        `--web.listen-address=127.0.0.1:${apiPort}`,
      ],
      { stdio: "ignore" },
    );
    // Up once it has scraped both (expect.poll only runs inside a test).
    for (let waited = 0; (await query('count(up{job="academia"} == 1)').catch(() => 0)) !== 2; waited += 500) {
      if (waited > 30_000) throw new Error("prometheus did not scrape both replicas in 30 s");
      await new Promise((done) => setTimeout(done, 500));
    }
  }, 180_000);

  afterAll(async () => {
    prometheus?.kill("SIGTERM");
    await stop(replicas ?? []);
    await mock?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("counts what was sent to each replica, and answers rate() and histogram_quantile() on it", async () => {
    const sent = [7, 13];
    const home = `academia_http_requests_total{route="${HOME}",method="GET",status="2xx"}`;
    const cookies: string[] = [];
    for (const replica of replicas) {
      const login = await fetch(`${replica.origin}/login`, {
        method: "POST",
        body: new URLSearchParams({ email: "ana.martinez@academia.test", password: "Academia2026!" }),
        redirect: "manual",
      });
      cookies.push(
        login.headers
          .getSetCookie()
          .map((line) => line.split(";")[0])
          .join("; "),
      );
    }
    const started = performance.now();
    const homes = async (index: number, count: number) => {
      for (let n = 0; n < count; n++) {
        const page = await fetch(`${replicas[index]!.origin}/`, { headers: { Cookie: cookies[index]! } });
        expect(page.status).toBe(200);
        await page.arrayBuffer();
      }
    };
    // One home each first, scraped before the rest: rate() needs the counter seen lower in an
    // earlier scrape (a series whose first sample is already its last value has no rate).
    for (const index of replicas.keys()) await homes(index, 1);
    await expect.poll(() => query(`sum(${home})`), { timeout: 15_000, interval: 500 }).toBe(replicas.length);
    for (const [index, count] of sent.entries()) await homes(index, count - 1);
    const slowest = (performance.now() - started) / 1000;
    const total = sent[0]! + sent[1]!;
    // A scrape after the last request: every replica's count is in.
    await expect.poll(() => query(`sum(${home})`), { timeout: 15_000, interval: 500 }).toBe(total);
    expect(await query(`count(${home})`)).toBe(2);
    for (const [index, count] of sent.entries()) {
      const instance = `instance="127.0.0.1:${metricsPorts[index]}"`;
      expect(await query(`sum(${home.replace("}", `,${instance}}`)})`)).toBe(count);
    }
    // The rate over the last minute is what was sent, spread over that minute (within the window Prometheus extrapolates).
    const rate = await query(`sum(rate(${home}[1m]))`);
    expect(rate).toBeGreaterThan(0);
    expect(rate).toBeLessThan(total);
    const p99 = await query(
      `histogram_quantile(0.99, sum by (le) (rate(academia_http_request_duration_seconds_bucket{route="${HOME}"}[1m])))`,
    );
    expect(p99).toBeGreaterThan(0);
    expect(p99).toBeLessThanOrEqual(Math.max(slowest, 0.01) * 2);
    // The legacy calls behind those pages: each home asks for the learner's points once.
    expect(await query('sum(academia_legacy_calls_total{endpoint="/training/user_points",outcome="ok"})')).toBeGreaterThanOrEqual(
      total,
    );
  }, 60_000);

  it("ships alert rules promtool accepts", () => {
    expect(execFileSync("promtool", ["check", "rules", "deploy/alerts.yml"], { encoding: "utf8" })).toContain(
      "SUCCESS: 5 rules found",
    );
  });
});
