import { join } from "node:path";
import type ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { APP, appProgram, declaredBy, type Route, undeclared, usesIn } from "../../../tests/declared-namespaces";
import { SERVER_ONLY } from "./namespaces";

/**
 * Every key a route's page reads in the browser belongs to a namespace the document carries
 * (decision 038), read from the source with TypeScript's checker (tests/declared-namespaces.ts).
 * That the check fails on a planted mistake is declared-namespaces.planted.test.ts: a file of its
 * own, so the two checkers' work (synchronous, a few seconds each) runs in two vitest workers.
 */
describe("the namespaces a page reads are the ones its routes declare", { timeout: 60_000 }, () => {
  let program: ts.Program;
  let routes: Route[];
  beforeAll(async () => ({ program, routes } = await appProgram()), 120_000);

  it("finds the app's routes, their keys and namespaces", () => {
    expect(routes.some((route) => route.id === "routes/_app+/ranking")).toBe(true);
    const root = program.getSourceFile(join(APP, "root.tsx"))!;
    expect(usesIn(program.getTypeChecker(), root, true).map((use) => use.key)).toContain("app.skipToContent");
    const ranking = program.getSourceFile(join(APP, "routes/_app+/ranking.tsx"))!;
    expect(usesIn(program.getTypeChecker(), ranking, true).map((use) => use.key)).toContain("engagement:ranking.title");
    const cards = program.getSourceFile(join(APP, "components/learning/cards.tsx"))!;
    expect(usesIn(program.getTypeChecker(), cards, false).map((use) => `${use.namespace}:${use.key}`)).toContain(
      "learning:status.locked",
    );
  });

  it("every route's page reads only declared namespaces", async () => {
    expect(await undeclared(program, routes)).toEqual([]);
  });

  it("no route declares what only the server reads", () => {
    const declaring = routes.filter((route) => {
      const file = program.getSourceFile(join(APP, route.file));
      return file && declaredBy(program, file).some((namespace) => (SERVER_ONLY as readonly string[]).includes(namespace));
    });
    expect(declaring).toEqual([]);
  });
});
