import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer } from "@mswjs/http-middleware";
import { type Faults, gateHandler, notFoundHandler } from "./gate";
import { resourceHandlers } from "./handlers";
import { testingHandlers } from "./handlers/testing";
import { API_BASE } from "./http";
import { storageHandlers } from "./storage";
import { createStore, type MockContext } from "./store";

/**
 * The mock legacy API: msw handlers over an in-memory dataset, served over real HTTP by
 * @mswjs/http-middleware. `npm start` runs it when no LEGACY_API_URL is configured.
 */

export interface MockServerOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  appKey?: string;
  latencyMs?: number;
  errorRate?: number;
  malformedRate?: number;
  /**
   * Serve the test-only `/__mock/*` endpoints (outbox with reset tokens, faults, reset). Off unless
   * asked for here or by MOCK_TEST_ENDPOINTS=1: `npm start` and the Docker image never have them.
   */
  testEndpoints?: boolean;
}

export interface MockServer {
  /** Base URL of the API, e.g. http://127.0.0.1:43123/v1/api */
  url: string;
  origin: string;
  close(): Promise<void>;
  reset(): void;
  /** Changes the injected faults while the server runs (tests switch them per case). */
  setFaults(faults: Partial<Faults>): void;
}

const DEFAULT_APP_KEY = "demo-app-key-academia";

function fromEnv(name: string, min: number, max: number): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function resolveFaults(options: MockServerOptions): Faults {
  return {
    latencyMs: options.latencyMs ?? fromEnv("MOCK_LATENCY_MS", 0, 60_000) ?? 0,
    errorRate: options.errorRate ?? fromEnv("MOCK_ERROR_RATE", 0, 1) ?? 0,
    malformedRate: options.malformedRate ?? fromEnv("MOCK_MALFORMED_RATE", 0, 1) ?? 0,
    missingPaths: (process.env.MOCK_MISSING_PATHS ?? "").split(",").filter((prefix) => prefix.startsWith("/")),
  };
}

/** The host to put in URLs: a wildcard bind address is reached on loopback; IPv6 needs brackets. */
function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const faults = resolveFaults(options);
  const host = options.host ?? "127.0.0.1";
  // Listen first: the origin (with the real port) goes into every file URL the API returns.
  const server = createHttpServer();
  const address = await listen(server, options.port ?? 0, host);
  const origin = `http://${urlHost(host)}:${address.port}`;
  const store = createStore();
  const ctx: MockContext = {
    store,
    appKey: options.appKey ?? process.env.MOCK_APP_KEY ?? DEFAULT_APP_KEY,
    origin,
    calls: [],
  };
  const testEndpoints = options.testEndpoints ?? process.env.MOCK_TEST_ENDPOINTS === "1";
  const app = createServer(
    ...(testEndpoints ? testingHandlers(ctx, faults) : []),
    ...storageHandlers(ctx),
    gateHandler(ctx, faults),
    ...resourceHandlers(ctx),
    notFoundHandler(),
  );
  server.on("request", app);
  return {
    url: `${origin}${API_BASE}`,
    origin,
    close: () => close(server),
    reset: () => store.reset(),
    setFaults: (changes) => Object.assign(faults, changes),
  };
}
