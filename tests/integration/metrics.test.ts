import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../../mock";
import { type App, TEST_SECRETS, ensureBuilt, freePort, startBuiltApp, stopApp } from "./built-app";

/**
 * Issue #30 item 1 against the built server: metrics on their own listener (METRICS_PORT), by
 * route id and endpoint template, with labels that stay bounded however many addresses are asked.
 * A real Prometheus scraping two replicas is tests/integration/prometheus.test.ts.
 */
let mock: MockServer;
let app: App;
let metricsPort: number;

const scrape = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
/** The series (sample lines) of the app's own metrics. */
const series = (text: string) => text.split("\n").filter((line) => line.startsWith("academia_"));

async function signIn(): Promise<string> {
  const response = await fetch(`${app.origin}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: "ana.martinez@academia.test", password: "Academia2026!" }),
    redirect: "manual",
  });
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

beforeAll(async () => {
  ensureBuilt();
  mock = await startMockServer({ port: 0, appKey: TEST_SECRETS.LEGACY_APP_KEY });
  metricsPort = await freePort();
  app = await startBuiltApp({ LEGACY_API_URL: mock.url, FILES_HOST_URL: mock.origin, METRICS_PORT: String(metricsPort) });
}, 180_000);

afterAll(async () => {
  await stopApp(app);
  await mock?.close();
});

describe("metrics (#30 item 1)", () => {
  it("are on their own port, never the public one", async () => {
    expect(await scrape()).toContain("# TYPE academia_http_requests_total counter");
    // The public port has no such page: a guest is sent on as from any address of the app.
    const publicly = await fetch(`${app.origin}/metrics`, { redirect: "manual" });
    expect([publicly.status, publicly.headers.get("location")]).toEqual([302, "/welcome"]);
    expect(await publicly.text()).not.toContain("academia_http_requests_total");
  });

  it("count requests by Remix route id and kind, and legacy calls by endpoint template and outcome", async () => {
    const cookie = await signIn();
    await (await fetch(`${app.origin}/`, { headers: { Cookie: cookie } })).text();
    const text = await scrape();
    expect(text).toMatch(
      /academia_http_requests_total\{route="routes\/_app\+\/_home\+\/_index",method="GET",status="2xx",kind="document"\} \d+/,
    );
    expect(text).toMatch(
      /academia_http_requests_total\{route="routes\/_guest\+\/login",method="POST",status="3xx",kind="document"\} 1/,
    );
    expect(text).toMatch(/academia_legacy_calls_total\{endpoint="\/training\/user_points",method="GET",outcome="ok"\} \d+/);
    expect(text).toMatch(/academia_cache_lookups_total\{cache="session",result="hit"\} \d+/);
    expect(text).toMatch(/^academia_body_bytes_in_flight 0$/m);
    expect(text).toMatch(/^academia_redis_state\{state="off"\} 1$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it("keep the same series after 200 distinct addresses as after 2 (no ids or paths in labels)", async () => {
    const cookie = await signIn();
    const visit = async (n: number) => {
      for (const path of [`/learning-path/ruta-${n}/${n}`, `/no-such-page-${n}`, `/files/storage/media/nada-${n}.png`]) {
        await (await fetch(`${app.origin}${path}`, { headers: { Cookie: cookie }, redirect: "manual" })).arrayBuffer();
      }
    };
    for (let n = 1; n <= 2; n++) await visit(n);
    const after2 = series(await scrape()).map((line) => line.replace(/ [\d.e+-]+$/, ""));
    for (let n = 3; n <= 200; n++) await visit(n);
    const after200 = series(await scrape()).map((line) => line.replace(/ [\d.e+-]+$/, ""));
    expect(after200.length).toBe(after2.length);
    expect(after200.filter((line) => /ruta-|no-such|nada-/.test(line))).toEqual([]);
  }, 120_000);
});
