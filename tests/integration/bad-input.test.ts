import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../../mock";
import { type App, TEST_SECRETS, ensureBuilt, send, signInByForm, startBuiltApp, stopApp } from "./built-app";

/**
 * "Impossible to break with bad input", for every route at once: each route of the built app (read
 * from the browser manifest the build wrote, so a new route is covered without being listed here),
 * its every dynamic segment filled with what a person, a stale link or a crawler sends, as a
 * document and as a data request, signed in and signed out, and a garbage body to each action.
 * No answer is a 5xx, nothing is logged as an error, and the process keeps serving.
 */
const BAD_SEGMENTS = [
  "abc",
  "-1",
  "99999999999999999999",
  "1e3",
  "%00",
  "%",
  "..%2F..%2Fetc%2Fpasswd",
  "%F0%9F%99%82",
  "a".repeat(1500),
  "__proto__",
];
const BAD_QUERIES = ["?page=-1&q=%ZZ&period=__proto__&a=1&a=2", "?index&_data=routes%2F..%2Froot"];
const BAD_BODIES: Array<[string, string]> = [
  ["application/x-www-form-urlencoded", ""],
  ["application/x-www-form-urlencoded", "intent=__proto__&intent=x&%%%=&id=-1"],
  ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\n__proto__\r\n--x--\r\n'],
  ["multipart/form-data; boundary=x", "garbage"],
];
/** Requests in flight at once: enough to be quick, few enough for the other stages' workers. */
const IN_FLIGHT = 4;

type ManifestRoute = { id: string; parentId?: string; path?: string; hasAction: boolean };

/** Every route's full path pattern (`/learning-path/:slug`), and whether it has an action. */
function routesOfBuild(): Array<{ pattern: string; hasAction: boolean }> {
  const file = readdirSync("public/build").find((name) => /^manifest-\w+\.js$/.test(name));
  if (!file) throw new Error("no browser manifest in public/build");
  const source = readFileSync(`public/build/${file}`, "utf8");
  const { routes } = JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as {
    routes: Record<string, ManifestRoute>;
  };
  const pathOf = (route: ManifestRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const base = parent ? pathOf(parent) : "";
    return route.path ? `${base.replace(/\/$/, "")}/${route.path}` : base;
  };
  const byPattern = new Map<string, boolean>();
  for (const route of Object.values(routes)) {
    const pattern = pathOf(route) || "/";
    byPattern.set(pattern, (byPattern.get(pattern) ?? false) || route.hasAction);
  }
  return [...byPattern].map(([pattern, hasAction]) => ({ pattern, hasAction }));
}

const isDynamic = (pattern: string) => /(^|\/)(:|\*)/.test(pattern);
const fill = (pattern: string, value: string) =>
  pattern
    .split("/")
    .map((segment) => (segment.startsWith(":") || segment === "*" ? value : segment))
    .join("/");
/** Remix's single-fetch address of a page's data. */
const dataOf = (path: string) => (path === "/" ? "/_root.data" : `${path}.data`);

let mock: MockServer;
let app: App;
let learner: string;
const routes = routesOfBuild();

const errorsIn = (target: App) => target.logs.filter((line) => line.includes('"level":"error"'));

/** Sends every request, IN_FLIGHT at a time; returns the ones answered with a 5xx, as `status method path`. */
async function serverErrors(requests: Array<{ method: string; path: string; headers?: Record<string, string>; body?: string }>) {
  const failed: string[] = [];
  for (let start = 0; start < requests.length; start += IN_FLIGHT) {
    await Promise.all(
      requests.slice(start, start + IN_FLIGHT).map(async (request) => {
        const answer = await send(app.port, request);
        if (answer.status >= 500) failed.push(`${answer.status} ${request.method} ${request.path.slice(0, 120)}`);
      }),
    );
  }
  return failed;
}

beforeAll(async () => {
  ensureBuilt();
  mock = await startMockServer({ port: 0, appKey: TEST_SECRETS.LEGACY_APP_KEY });
  app = await startBuiltApp({ LEGACY_API_URL: mock.url, FILES_HOST_URL: mock.origin, LEGACY_TIMEOUT_MS: "3000" });
  learner = await signInByForm(app, { Origin: app.origin, "Sec-Fetch-Site": "same-origin" });
}, 180_000);

afterAll(async () => {
  if (app) await stopApp(app);
  await mock?.close();
});

it("finds the app's routes in the build, dynamic ones among them", () => {
  expect(routes.length).toBeGreaterThan(40);
  expect(routes.filter(({ pattern }) => isDynamic(pattern)).length).toBeGreaterThan(10);
});

describe.each([
  ["signed in", () => ({ Cookie: learner })],
  ["signed out", () => ({})],
])("bad input to every route, %s", (_who, headersOf) => {
  it("a dynamic segment of any shape is a 4xx or a page, never a 5xx, as a document and as data", async () => {
    const errorsBefore = errorsIn(app).length;
    const paths = routes
      .filter(({ pattern }) => isDynamic(pattern))
      .flatMap(({ pattern }) => BAD_SEGMENTS.map((value) => fill(pattern, value)));
    const failed = await serverErrors(
      paths.flatMap((path) => [path, dataOf(path)]).map((path) => ({ method: "GET", path, headers: headersOf() })),
    );
    expect(failed).toEqual([]);
    expect(errorsIn(app).slice(errorsBefore)).toEqual([]);
  }, 180_000);

  it("a query string of any shape is a 4xx or a page, never a 5xx, as a document and as data", async () => {
    const errorsBefore = errorsIn(app).length;
    const paths = routes
      .filter(({ pattern }) => !isDynamic(pattern))
      .flatMap(({ pattern }) => [
        ...BAD_QUERIES.map((query) => `${pattern}${query}`),
        `${dataOf(pattern)}?_routes=__proto__,routes%2F..`,
      ]);
    const failed = await serverErrors(paths.map((path) => ({ method: "GET", path, headers: headersOf() })));
    expect(failed).toEqual([]);
    expect(errorsIn(app).slice(errorsBefore)).toEqual([]);
  }, 180_000);

  it("a garbage body to every action is a 4xx or a page, never a 5xx", async () => {
    const errorsBefore = errorsIn(app).length;
    const paths = routes.filter(({ hasAction }) => hasAction).map(({ pattern }) => fill(pattern, "103"));
    expect(paths.length).toBeGreaterThan(10);
    const failed = await serverErrors(
      paths.flatMap((path) =>
        BAD_BODIES.map(([type, body]) => ({
          method: "POST",
          path,
          headers: { ...headersOf(), "Content-Type": type, Origin: app.origin, "Sec-Fetch-Site": "same-origin" },
          body,
        })),
      ),
    );
    expect(failed).toEqual([]);
    expect(errorsIn(app).slice(errorsBefore)).toEqual([]);
  }, 180_000);
});

it("the process still serves after all of it", async () => {
  expect((await send(app.port, { method: "GET", path: "/healthz" })).status).toBe(200);
  expect(app.child.exitCode).toBeNull();
});
