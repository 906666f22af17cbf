import { unsealData } from "iron-session";
import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";
import { upstream, type UpstreamRequest } from "~/infra/upstream.server";
import { type MockServer, startMockServer } from "../../mock";

/**
 * Starts the mock legacy API on a random loopback port and points the app's configuration at
 * it. Call from beforeAll, before any app module reads the configuration.
 */
export async function startLegacy(appKey = "test-app-key-0123") {
  const server = await startMockServer({ port: 0, appKey, testEndpoints: true });
  process.env.LEGACY_API_URL = server.url;
  return server;
}

/**
 * The mock for a whole test file, reset before each test unless `resetEachTest` is false (a file
 * whose sessions must outlive a test); `appKey` for a file whose built app has its own. Call at the top level.
 */
export function withLegacy({
  resetEachTest = true,
  appKey,
}: { resetEachTest?: boolean; appKey?: string } = {}): () => MockServer {
  let server: MockServer | undefined;
  beforeAll(async () => {
    server = await startLegacy(appKey);
  });
  afterAll(() => server?.close());
  if (resetEachTest) beforeEach(() => server?.reset());
  return () => {
    if (!server) throw new Error("the mock legacy API is not running");
    return server;
  };
}

/**
 * The load context server/remix-handler.ts hands Remix: loaders and actions called directly get it
 * too, as for a data request (`documentContext` as for a document).
 */
export const context = { cspNonce: "integration-test-nonce", document: false };
export const documentContext = { ...context, document: true };

export function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

export function post(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: form(fields),
    headers: cookie ? { Cookie: cookie } : {},
  });
}

export function get(path: string, cookie?: string) {
  return new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** The cookies a response sets, as one Cookie header for the next request. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** A loader's or action's body: `data()`'s unwrapped, a plain object as is (never a Response). */
type Body<T> = T extends Response ? never : T extends { type: string; data: infer D; init: ResponseInit | null } ? D : T;

/** What a loader or action answered with data: its body and status (`data()`'s or 200), typed from the route module. */
export function replyOf<T>(answer: T): { status: number; headers: Headers; data: Body<T> } {
  if (answer instanceof Response) throw new Error(`expected data, got a ${answer.status} Response`);
  if (
    answer &&
    typeof answer === "object" &&
    "type" in answer &&
    answer.type === "DataWithResponseInit" &&
    "init" in answer &&
    "data" in answer
  ) {
    const init = answer.init as ResponseInit | null;
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data: answer.data as Body<T> };
  }
  return { status: 200, headers: new Headers(), data: answer as Body<T> };
}

/** The body a loader or action answered, typed from the route module. */
export const dataOf = <T>(answer: T): Body<T> => replyOf(answer).data;

/** The Response a loader or action returned. */
export function responseOf(answer: unknown): Response {
  if (!(answer instanceof Response)) throw new Error(`expected a Response, got ${JSON.stringify(answer)}`);
  return answer;
}

/** The members of a union answer that have `key`, after checking this one has it. */
export function having<T, K extends PropertyKey>(value: T, key: K): T extends unknown ? (K extends keyof T ? T : never) : never {
  if (!value || typeof value !== "object" || !(key in value))
    throw new Error(`expected ${String(key)} in ${JSON.stringify(value)}`);
  return value as T extends unknown ? (K extends keyof T ? T : never) : never;
}

export async function caught(promise: Promise<unknown>): Promise<Response> {
  const result = await promise.then(
    (value) => value,
    (reason: unknown) => reason,
  );
  if (!(result instanceof Response)) throw new Error(`expected a thrown Response, got ${String(result)}`);
  return result;
}

/** Signs in through the login action and returns the session cookie for the next requests. */
export async function signedInCookie(email = "ana.martinez@academia.test", password = "Academia2026!") {
  const { action } = await import("~/routes/_guest+/login");
  return cookiesOf((await action({ request: post("/login", { email, password }), params: {}, context })) as Response);
}

/**
 * A spy on the legacy client's calls and the files host's HEADs (`upstream.send`,
 * app/infra/upstream.server.ts): `fake` answers the calls it wants with a Response (a promise of
 * one, or a rejection as a network error or a hang would be) and returns undefined for the others,
 * which go to the real upstream.
 */
export function spyOnUpstream(fake: (url: string, init: UpstreamRequest) => Promise<Response> | undefined = () => undefined) {
  const real = upstream.send;
  return vi.spyOn(upstream, "send").mockImplementation((url, init) => {
    const faked = fake(url, init);
    // A web stream is an async iterable in Node; the DOM's types do not say so.
    return faked ? faked.then((response) => ({ status: response.status, body: asChunks(response.body) })) : real(url, init);
  });
}

const asChunks = (body: ReadableStream<Uint8Array> | null) =>
  (body ?? new ReadableStream()) as unknown as AsyncIterable<Uint8Array>;

/** The URLs of the calls a `spyOnUpstream` spy has seen. */
export const upstreamUrls = (spy: ReturnType<typeof spyOnUpstream>) => spy.mock.calls.map(([url]) => url);

/**
 * Makes the legacy calls whose URL ends with `path` hang until the app gives up on them (the
 * abort of its timeout); the others go through. Returns how many were made so far.
 */
export function hangUpstream(path: string): () => number {
  let calls = 0;
  spyOnUpstream((url, init) => {
    if (!url.endsWith(path)) return undefined;
    calls += 1;
    return new Promise((_, reject) => init.signal.addEventListener("abort", () => reject(init.signal.reason)));
  });
  return () => calls;
}

/**
 * What the session cookie in `cookies` (a Cookie header or a Set-Cookie line) holds: Remix's
 * base64 cookie encoding around iron-session's seal, opened with the server's SESSION_SECRET.
 * Two seals always differ (random salt), so tests compare what is inside.
 */
export async function unsealSession(cookies: string, password: string): Promise<{ token: string; issuedAt: number }> {
  const value = /(?:^|;\s*)(?:__Host-)?academia=([^;]+)/.exec(cookies)?.[1];
  if (!value) throw new Error(`no session cookie in ${cookies}`);
  const sealed = JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8")) as string;
  return unsealData(sealed, { password });
}

/** A form's message when the legacy API failed: 'Ups algo salio mal' and the id of the request (issue #12). */
export const UPSTREAM_FAILED = ["Ups algo salio mal", expect.stringMatching(/^Código de referencia: [0-9a-f-]{36}$/)];
