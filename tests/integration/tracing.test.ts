import { createServer, request as httpRequest, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../../mock";
import { type App, TEST_SECRETS, ensureBuilt, startBuiltApp, stopApp } from "./built-app";

/**
 * Issue #30 item 3 over real HTTP: the built server with OTEL_EXPORTER_OTLP_ENDPOINT sends its spans
 * to an OTLP/HTTP receiver on loopback (this test's), and the legacy API, reached through a proxy
 * that keeps the headers it saw, gets each call's `traceparent`.
 */
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
};

let mock: MockServer;
let app: App;
let receiver: Server;
let proxy: Server;
const spans: OtlpSpan[] = [];
const traceparents: string[] = [];

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));

beforeAll(async () => {
  ensureBuilt();
  mock = await startMockServer({ port: 0, appKey: TEST_SECRETS.LEGACY_APP_KEY });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as {
        resourceSpans?: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
      };
      for (const resource of body.resourceSpans ?? []) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  const mockUrl = new URL(mock.url);
  proxy = createServer((req, res) => {
    const parent = req.headers.traceparent;
    if (typeof parent === "string") traceparents.push(parent);
    const upstream = httpRequest(
      { host: mockUrl.hostname, port: mockUrl.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  const [receiverPort, proxyPort] = [await listen(receiver), await listen(proxy)];
  app = await startBuiltApp({
    LEGACY_API_URL: `http://127.0.0.1:${proxyPort}${mockUrl.pathname}`,
    FILES_HOST_URL: mock.origin,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
    OTEL_BSP_SCHEDULE_DELAY: "100",
    OTEL_SERVICE_NAME: "academia-test",
  });
}, 180_000);

afterAll(async () => {
  await stopApp(app);
  receiver?.close();
  proxy?.close();
  await mock?.close();
});

describe("traces (#30 item 3)", () => {
  it("make one signed-in home one tree: the request's span, its loaders, the legacy calls in parallel under it, traceparent sent upstream", async () => {
    const login = await fetch(`${app.origin}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: "ana.martinez@academia.test", password: "Academia2026!" }),
      redirect: "manual",
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const home = await fetch(`${app.origin}/`, { headers: { Cookie: cookie } });
    expect(home.status).toBe(200);
    await home.text();
    const requestId = home.headers.get("x-request-id");

    const root = await expect
      .poll(() => spans.find((span) => span.name === "GET routes/_app+/_home+/_index"), { timeout: 10_000 })
      .toBeDefined()
      .then(() => spans.find((span) => span.name === "GET routes/_app+/_home+/_index")!);
    expect(root.parentSpanId ?? "").toBe("");
    const tree = spans.filter((span) => span.traceId === root.traceId);
    const byId = new Map(tree.map((span) => [span.spanId, span]));
    const underRoot = (span: OtlpSpan): boolean =>
      span === root || (Boolean(span.parentSpanId) && byId.has(span.parentSpanId!) && underRoot(byId.get(span.parentSpanId!)!));
    // One parent: every span of the trace descends from the request's, none stands alone.
    expect(tree.filter((span) => !span.parentSpanId)).toEqual([root]);
    expect(tree.every(underRoot)).toBe(true);
    for (const loader of ["loader root", "loader routes/_app+/_layout", "loader routes/_app+/_home+/_layout"]) {
      expect(tree.map((span) => span.name)).toContain(loader);
    }
    const legacy = tree.filter((span) => span.name.startsWith("legacy GET "));
    expect(legacy.length).toBeGreaterThanOrEqual(3);
    expect(legacy.map((span) => span.name)).toContain("legacy GET /training/user_points");
    // In parallel: some two legacy calls overlap in time.
    const overlap = legacy.some((a) =>
      legacy.some(
        (b) =>
          a !== b &&
          BigInt(a.startTimeUnixNano) < BigInt(b.endTimeUnixNano) &&
          BigInt(b.startTimeUnixNano) < BigInt(a.endTimeUnixNano),
      ),
    );
    expect(overlap).toBe(true);
    // Each call carried its own span as traceparent.
    for (const span of legacy) expect(traceparents).toContain(`00-${root.traceId}-${span.spanId}-01`);
    // The request's log lines name the trace.
    const lines = app.logs.filter((line) => line.includes(`"requestId":"${requestId}"`));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((line) => line.includes(`"traceId":"${root.traceId}"`))).toBe(true);
  }, 30_000);
});
