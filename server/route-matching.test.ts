import { createRequire } from "node:module";
import type * as RemixReact from "@remix-run/react";
import type * as Router from "@remix-run/router";
import type * as RouterServer from "react-router-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * The server's route matching works once per route tree and path (patches/@remix-run+router+*.patch,
 * decisions 061, 074): Remix matches a document request's path several times, and each match
 * flattened, ranked and compiled the whole tree again. Loaded as the server loads it (the package's CommonJS
 * main), so these fail if the dependency moves and the patch no longer applies.
 */
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof Router;

const tree = () => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "route", path: "learning-path/:slug" },
      { id: "activity", path: "learning-path/:slug/:activity" },
      { id: "splat", path: "*" },
    ],
  },
];

/** `routes`, counting every property read of it and of its routes (what flattening does). */
function counted<T extends object>(routes: T): { routes: T; reads: () => number } {
  let reads = 0;
  const watch = <V>(value: V): V =>
    value !== null && typeof value === "object"
      ? (new Proxy(value as object, {
          get(target, key, receiver) {
            reads += 1;
            return watch(Reflect.get(target, key, receiver));
          },
        }) as V)
      : value;
  return { routes: watch(routes), reads: () => reads };
}

const realRegExp = globalThis.RegExp;
afterEach(() => {
  globalThis.RegExp = realRegExp;
  vi.restoreAllMocks();
});

/** How many times `match` runs a route pattern against a path. */
function patternRuns(match: () => unknown): number {
  const exec = vi.spyOn(realRegExp.prototype, "exec");
  match();
  const runs = exec.mock.calls.length;
  exec.mockRestore();
  return runs;
}

describe("route matching (patched @remix-run/router)", () => {
  it("flattens and ranks a route tree once, however many paths are matched in it", () => {
    const { routes, reads } = counted(tree());
    expect(router.matchRoutes(routes, "/learning-path/formacion-inicial/103")?.map((match) => match.route.id)).toEqual([
      "root",
      "activity",
    ]);
    const first = reads();
    expect(first).toBeGreaterThan(0);
    expect(router.matchRoutes(routes, "/learning-path/formacion-inicial")?.map((match) => match.route.id)).toEqual([
      "root",
      "route",
    ]);
    expect(router.matchRoutes(routes, "/")?.map((match) => match.route.id)).toEqual(["root", "home"]);
    expect(router.matchRoutes(routes, "/nowhere")?.map((match) => match.route.id)).toEqual(["root", "splat"]);
    // Only the matched routes are read again (their ids, for the answer), never the whole tree.
    expect(reads() - first).toBeLessThan(first);
  });

  it("a new tree (a new build) is flattened on its own", () => {
    const first = tree();
    const second = tree();
    second[0]!.children![1]!.path = "rutas/:slug";
    expect(router.matchRoutes(first, "/rutas/x")?.map((match) => match.route.id)).toEqual(["root", "splat"]);
    expect(router.matchRoutes(second, "/rutas/x")?.map((match) => match.route.id)).toEqual(["root", "route"]);
  });

  it("matches a path in a tree once, and hands each caller matches of its own", () => {
    const routes = tree();
    const ids = (path: string) => router.matchRoutes(routes, path)?.map((match) => match.route.id);
    expect(patternRuns(() => expect(ids("/learning-path/formacion-inicial")).toEqual(["root", "route"]))).toBeGreaterThan(0);
    expect(patternRuns(() => expect(ids("/learning-path/formacion-inicial")).toEqual(["root", "route"]))).toBe(0);

    const mine = router.matchRoutes(routes, "/learning-path/formacion-inicial")!;
    (mine[1]!.params as Record<string, string>).slug = "changed";
    mine.pop();
    const theirs = router.matchRoutes(routes, "/learning-path/formacion-inicial")!;
    expect(theirs.map((match) => [match.route.id, match.params.slug, match.pathname])).toEqual([
      ["root", "formacion-inicial", "/"],
      ["route", "formacion-inicial", "/learning-path/formacion-inicial"],
    ]);
    // As the router makes them: one params object for the whole match.
    expect(theirs[0]!.params).toBe(theirs[1]!.params);
  });

  it("keeps the last 500 paths of a tree, and no path longer than 256 characters", () => {
    const routes = tree();
    const long = `/learning-path/${"x".repeat(256)}`;
    router.matchRoutes(routes, long);
    expect(patternRuns(() => router.matchRoutes(routes, long))).toBeGreaterThan(0);

    router.matchRoutes(routes, "/learning-path/first");
    for (let path = 0; path < 499; path++) router.matchRoutes(routes, `/learning-path/${path}`);
    expect(patternRuns(() => router.matchRoutes(routes, "/learning-path/first"))).toBe(0);
    for (let path = 499; path < 999; path++) router.matchRoutes(routes, `/learning-path/${path}`);
    expect(patternRuns(() => router.matchRoutes(routes, "/learning-path/first"))).toBeGreaterThan(0);
  });

  it("compiles a path's pattern once, and still matches its params and case as before", () => {
    let compiled = 0;
    globalThis.RegExp = new Proxy(realRegExp, {
      construct(target, args: ConstructorParameters<typeof RegExp>) {
        compiled += 1;
        return new target(...args);
      },
    });
    const pattern = { path: "/patched-once/:id/:part?", caseSensitive: false, end: true };
    expect(router.matchPath(pattern, "/PATCHED-ONCE/7")?.params).toEqual({ id: "7", part: undefined });
    expect(router.matchPath(pattern, "/patched-once/8/b")?.params).toEqual({ id: "8", part: "b" });
    expect(router.matchPath({ ...pattern, caseSensitive: true }, "/PATCHED-ONCE/7")).toBeNull();
    expect(compiled).toBe(2);
  });
});

/**
 * Remix's server render gets one route tree per build (patches of @remix-run/react and
 * react-router-dom, decision 065): it made the tree and converted it to data routes for every
 * request, so the router's render matched a new array each time, which the memo above cannot keep.
 */
describe("the server render's route tree (patched @remix-run/react and react-router-dom)", () => {
  const { RemixServer } = require("@remix-run/react") as typeof RemixReact;
  const { createStaticRouter } = require("react-router-dom/server") as typeof RouterServer;
  const location = { pathname: "/", search: "", hash: "", state: null, key: "default" };
  const staticContext = () => ({
    basename: "/",
    location,
    matches: [],
    loaderData: {},
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    activeDeferreds: null,
    _deepestRenderedBoundaryId: null,
  });
  const routes = { root: { id: "root", path: "", hasLoader: false, hasAction: false, module: "/build/root.js" } };
  const routeModules = { root: { default: () => null } };
  /** The router a RemixServer element hands to React Router (Fragment › context › boundary › provider). */
  const routerOf = (manifest: { routes: typeof routes }) => {
    const context = { manifest, routeModules, future: {}, isSpaMode: false, staticHandlerContext: staticContext() };
    const element = RemixServer({ context, url: "http://localhost/" } as never) as React.ReactElement;
    type Props = { children: React.ReactElement | React.ReactElement[]; router?: { routes: unknown[] } };
    const [provider] = (element.props as Props).children as React.ReactElement[];
    const boundary = (provider!.props as Props).children as React.ReactElement;
    const routerProvider = (boundary.props as Props).children as React.ReactElement;
    return (routerProvider.props as Props).router!;
  };

  it("makes a build's tree once: each request's router has the same routes", () => {
    const manifest = { routes };
    expect(routerOf(manifest).routes).toBe(routerOf(manifest).routes);
    expect(routerOf({ routes: { ...routes } }).routes).not.toBe(routerOf(manifest).routes);
  });

  it("converts a routes array to data routes once", () => {
    const tree = [{ id: "root", path: "/", children: [{ id: "home", index: true }] }];
    const first = createStaticRouter(tree, staticContext() as never);
    expect(createStaticRouter(tree, staticContext() as never).routes).toBe(first.routes);
    expect(first.routes[0]?.children?.[0]?.id).toBe("home");
  });
});
