import { randomUUID } from "node:crypto";
import { readdirSync, watch } from "node:fs";
import { createServer, type Server } from "node:http";
import { Server as NetServer } from "node:net";
import { resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Span } from "@opentelemetry/api";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import sirv from "sirv";
import { describeProblems, parseConfig } from "../app/infra/config.server";
import { loggablePath, log } from "../app/infra/log.server";
import {
  collectProcessMetrics,
  gaugeOf,
  httpDuration,
  httpRequests,
  METRICS_CONTENT_TYPE,
  metricsText,
  statusClass,
} from "../app/infra/metrics.server";
import { sessionCookieName } from "../app/infra/session-cookie.server";
import { flushTraces, requestSpan, startTracing } from "../app/infra/tracing.server";
import { bodyLimit, drainThenClose, MAX_BODY_COST } from "./body-limit";
import { CostRate, MemoryBudget, OpenCounter } from "./budget";
import { legacyDataGate, methodGate, refuseConnect, sameOriginGate } from "./gates";
import { insecureSignInGate, usePublicHost } from "./proxy";
import { abortRemix, remixHandler, requestsInFlight } from "./remix-handler";
import { securityHeaders } from "./security-headers";

/**
 * The HTTP server of the built app (what remix-serve does, plus what production needs): a request
 * id on every request and in every log line, the client IP for rate limits, JSON access logs
 * without query strings (an SSO link's query never reaches a log), and a graceful stop — on
 * SIGTERM /readyz turns 503 for SHUTDOWN_DELAY_MS while requests are still served, then the
 * server stops accepting, lets in-flight requests finish and exits 0 (within the keep-alive
 * timeout, 5 s, plus the longest request).
 */
const parsed = parseConfig(process.env);
if (!parsed.ok) {
  process.stderr.write(`${describeProblems(parsed.problems)}\n`);
  process.exit(1);
}
const config = parsed.config;
const buildUrl = new URL("../index.js", import.meta.url);
/** Static files are found from the project's root, not from the process's working directory. */
const root = fileURLToPath(new URL("../../", import.meta.url));
const versionUrl = new URL("../version.txt", import.meta.url);
/** In-flight requests get this long after the server stops accepting; then the process gives up. */
const HARD_STOP_MS = 20_000;

installGlobals({ nativeFetch: true });

const importBuild = async (): Promise<ServerBuild> => import(`${buildUrl.href}?t=${Date.now()}`);
let build = await importBuild();
let draining = false;

/** The session cookie is `__Host-` and Secure (app/infra/session.server.ts): browsers keep it over https only. */
const secureCookies = config.NODE_ENV === "production" && !config.INSECURE_COOKIES;

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", config.TRUST_PROXY);

if (startTracing())
  log.info("tracing: spans go to OTEL_EXPORTER_OTLP_ENDPOINT", { service: process.env.OTEL_SERVICE_NAME || "academia" });

app.use((req, res, next) => {
  // The request's span (when tracing is on) holds everything that follows, its log lines included.
  requestSpan(req.method, req.headers, (span) => edge(req, res, next, span));
});

function edge(req: express.Request, res: express.Response, next: express.NextFunction, span: Span) {
  const requestId = randomUUID();
  // Remix sees only these values, never ones a client sent under the same names.
  req.headers["x-request-id"] = requestId;
  req.headers["x-academia-client-ip"] = req.ip ?? "";
  res.setHeader("X-Request-Id", requestId);
  if (draining) res.setHeader("Connection", "close");
  res.on("finish", () => drainThenClose(req, res.locals.drainBytes as number | undefined));
  const started = performance.now();
  // Read now: middleware mounted on a prefix (the /build/ assets) rewrites req.path.
  const path = loggablePath(req.originalUrl);
  res.on("finish", () => {
    const ms = performance.now() - started;
    log.info("request", { requestId, method: req.method, path, status: res.statusCode, ms: Math.round(ms) });
    // Remix's route (server/remix-handler.ts), the edge's own answer, or a static file.
    const route = (res.locals.route as string | undefined) ?? (res.locals.refused ? "edge" : "static");
    const kind = (res.locals.kind as string | undefined) ?? (res.locals.refused ? "edge" : "static");
    const method = ["GET", "HEAD", "POST"].includes(req.method) ? req.method : "other";
    httpRequests.inc({ route, method, status: statusClass(res.statusCode), kind });
    httpDuration.observe({ route, method, kind }, ms / 1000);
  });
  // Also when the client left before the answer ended.
  res.on("close", () => {
    const route = (res.locals.route as string | undefined) ?? (res.locals.refused ? "edge" : "static");
    span.updateName(`${req.method} ${route}`);
    span.setAttributes({ "http.route": route, "http.response.status_code": res.statusCode, "academia.request_id": requestId });
    span.end();
  });
  next();
}
app.use(securityHeaders({ production: config.NODE_ENV === "production", filesOrigin: new URL(config.FILES_HOST_URL).origin }));

// Before Remix, in this order: one public host, then what a page never takes.
app.use(usePublicHost);
app.use(methodGate);
app.use(legacyDataGate);
app.use(sameOriginGate);
if (secureCookies) app.use(insecureSignInGate);
const bodyBudget = (config.BODY_BUDGET_MB ?? Math.round(config.HEAP_MB / 3)) * 1024 * 1024;
const budget = new MemoryBudget({ total: bodyBudget, learner: Math.floor(bodyBudget / 3), address: Math.floor(bodyBudget / 2) });
gaugeOf(
  "academia_body_bytes_in_flight",
  "What the request bodies in flight are charged, in bytes (their budget is BODY_BUDGET_MB)",
  () => budget.inFlight,
);
app.use(
  bodyLimit(abortRemix, {
    budget,
    // Two of the largest player writes per 10 s for one learner; far more than a player sends.
    rate: new CostRate(2 * MAX_BODY_COST),
    unfinished: new OpenCounter(config.MAX_UNFINISHED_BODIES_PER_CLIENT),
    idleMs: config.BODY_IDLE_TIMEOUT_MS,
    sessionCookie: sessionCookieName(config),
  }),
);

app.get("/readyz", (_req, res, next) => {
  if (!draining) return next();
  res.status(503).set("Cache-Control", "no-store").type("text/plain").send("shutting down");
});

app.use(compression());
const assetsDir = resolve(root, build.assetsBuildDirectory);
// The browser's files as the build compressed them (scripts/build-server.mjs), listed once at start (in
// development, looked up on each request: they change): no stat and no compressing per request
// (decision 080). `compression` leaves an encoded answer alone.
const dev = config.NODE_ENV === "development";
app.use(build.publicPath, sirv(assetsDir, { dev, immutable: true, maxAge: 31_536_000, brotli: true, gzip: true }));
// public/ only where it has something (icons, images, the favicon; the build's files are sirv's): a stat for every
// page's path was 3.7 % of home's CPU.
const publicDir = resolve(root, "public");
const publicNames = new Set(readdirSync(publicDir).filter((name) => resolve(publicDir, name) !== assetsDir));
const servePublic = express.static(publicDir, {
  maxAge: "1h",
  // The service worker is checked for a new version at every page load (issue #18).
  setHeaders: (res, path) => path.endsWith(`${sep}sw.js`) && res.setHeader("Cache-Control", "no-cache"),
});
app.use((req, res, next) => (publicNames.has(req.path.split("/")[1] ?? "") ? servePublic(req, res, next) : next()));
const maxInFlight = config.MAX_REQUESTS_IN_FLIGHT ?? config.HEAP_MB;
const inFlight = { total: maxInFlight, perClient: Math.ceil(maxInFlight / 2) };
let handle = remixHandler(build, config.NODE_ENV, inFlight);
app.all("*", (req, res, next) => handle(req, res, next));

// The kernel holds as many connections waiting to be accepted as the server will hold open: Node
// accepts one per turn of its loop, and the kernel dropped a burst's connections past the default 511.
const server: Server = app.listen({ port: config.PORT, backlog: config.MAX_CONNECTIONS }, () => {
  log.info("listening", { port: config.PORT });
  if (secureCookies && config.TRUST_PROXY === 0) {
    log.warn(
      "serving plain http with no proxy in front: browsers drop the Secure session cookie on any host but localhost, " +
        "so sign-in fails there. Put a TLS proxy in front (TRUST_PROXY=<number of proxies>), or on a trusted internal " +
        "network set INSECURE_COOKIES=1 (README, 'Behind a proxy')",
      { port: config.PORT },
    );
  }
  if (config.NODE_ENV === "development") {
    void broadcastDevReady(build);
    watch(versionUrl, async () => {
      build = await importBuild();
      handle = remixHandler(build, config.NODE_ENV, inFlight);
      void broadcastDevReady(build);
    });
  }
});

server.on("connect", refuseConnect);
gaugeOf("academia_demo_mode", "1 when this is the embedded demo (mock legacy API, demo secrets; DEMO_MODE), else 0", () =>
  config.DEMO_MODE ? 1 : 0,
);
gaugeOf(
  "academia_requests_in_flight",
  "Requests whose loaders and actions are still running, also for clients that left",
  requestsInFlight,
);
let openConnections = 0;
gaugeOf(
  "academia_open_connections",
  "Open connections of the serving process (MAX_CONNECTIONS caps them)",
  () => openConnections,
);
server.on("connection", (socket) => {
  openConnections += 1;
  socket.once("close", () => (openConnections -= 1));
});

// Metrics on their own listener (docs/operations.md): what Prometheus scrapes, never on the public port.
if (config.METRICS_PORT) {
  collectProcessMetrics();
  createServer(async (req, res) => {
    if (req.url !== "/metrics") return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": METRICS_CONTENT_TYPE }).end(await metricsText());
  }).listen(config.METRICS_PORT, () => log.info("metrics listening", { port: config.METRICS_PORT }));
}
// Past this many open connections, new ones are closed at once: each holds buffers and a parser.
server.maxConnections = config.MAX_CONNECTIONS;
// One client address cannot take them all (behind a proxy, the proxy's own limits do that job).
if (config.TRUST_PROXY === 0) {
  const perClient = new OpenCounter(config.MAX_CONNECTIONS_PER_CLIENT);
  server.on("connection", (socket) => {
    const leave = perClient.enter(socket.remoteAddress ?? "");
    if (leave) socket.once("close", leave);
    else socket.destroy();
  });
}

function stop(signal: NodeJS.Signals, delayMs: number) {
  if (draining) return;
  draining = true;
  log.info("stopping: /readyz answers 503", { signal, delayMs });
  const done = () => {
    log.info("stopped: every request finished");
    void flushTraces().finally(() => process.exit(0));
  };
  setTimeout(() => {
    // On SIGTERM, net's close, not http's: http's also drops connections that look idle, which
    // races with a request just arriving on one. Every response now says `Connection: close`, and
    // sockets idle from before end at the keep-alive timeout; the callback runs after the last.
    if (signal === "SIGTERM") NetServer.prototype.close.call(server, done);
    else server.close(done);
    setTimeout(() => {
      log.error("stopped with requests still open", { afterMs: HARD_STOP_MS });
      process.exit(1);
    }, HARD_STOP_MS).unref();
  }, delayMs);
}

// SIGTERM comes from an orchestrator that must first stop sending traffic; Ctrl-C stops at once.
process.on("SIGTERM", () => stop("SIGTERM", config.SHUTDOWN_DELAY_MS));
process.on("SIGINT", () => stop("SIGINT", 0));
// A rejected promise nobody awaited is a bug to log, not a reason to drop every open request.
process.on("unhandledRejection", (reason) => {
  log.error("unhandled rejection", { error: reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason) });
});
