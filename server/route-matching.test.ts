import { createRequire } from "node:module";
import type * as Router from "@remix-run/router";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The server's route matching works once per route tree (patches/@remix-run+router+*.patch,
 * decision 061): Remix matches a document request's path several times, and each match flattened,
 * ranked and compiled the whole tree again. Loaded as the server loads it (the package's CommonJS
 * main), so these fail if the dependency moves and the patch no longer applies.
 */
const router = createRequire(import.meta.url)("@remix-run/router") as typeof Router;

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
});

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
