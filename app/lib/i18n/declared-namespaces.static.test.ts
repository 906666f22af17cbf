import { join } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { APP, appProgram, createProgram, declaredBy, type Route, undeclared, usesIn } from "../../../tests/declared-namespaces";
import { SERVER_ONLY } from "./namespaces";

/**
 * Every key a route's page reads in the browser belongs to a namespace the document carries
 * (decision 038), read from the source with TypeScript's checker (tests/declared-namespaces.ts).
 * The app's program is built once for the check and for the planted mistakes it must find (one
 * file: a second built it again, ~8 s of CPU on the two cores `npm test` shares).
 */
let program: ts.Program;
let routes: Route[];
// Generous deadlines: they only catch a hang, and on a slow CI machine, beside the serial stage,
// the check of every route took more than a minute (decision 075).
beforeAll(async () => ({ program, routes } = await appProgram()), 300_000);

describe("the namespaces a page reads are the ones its routes declare", { timeout: 300_000 }, () => {
  it("finds the app's routes, their keys and namespaces", () => {
    expect(routes.some((route) => route.id === "routes/_app+/ranking")).toBe(true);
    const root = program.getSourceFile(join(APP, "root.tsx"))!;
    expect(usesIn(program.getTypeChecker(), root, true).map((use) => use.key)).toContain("app.skipToContent");
    const ranking = program.getSourceFile(join(APP, "routes/_app+/ranking.tsx"))!;
    expect(usesIn(program.getTypeChecker(), ranking, true).map((use) => use.key)).toContain("engagement:ranking.title");
    const cards = program.getSourceFile(join(APP, "components/learning/cards.tsx"))!;
    expect(usesIn(program.getTypeChecker(), cards, false).map((use) => `${use.namespace}:${use.key}`)).toContain(
      "learning:details",
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

/** The check fails on a planted mistake, and only on one: programs made from the app's with one file changed. */
describe("the declared-namespaces check fails on a planted mistake", { timeout: 300_000 }, () => {
  const avatar = join(APP, "components/avatar.tsx");
  const ranking = join(APP, "routes/_app+/ranking.tsx");
  const read = (file: string) => ts.sys.readFile(file)!;
  const onRanking = (overrides: Record<string, string>) =>
    undeclared(createProgram(overrides, program), routes, "routes/_app+/ranking");

  it("a component the page imports (transitively) reads a namespace no route of the page declares", async () => {
    const planted = `${read(avatar)}
import { useTranslation as usePlanted } from "~/lib/i18n/use-translation";
export function Planted() {
const { t } = usePlanted("leader");
return t("title") + t("profile:title");
}`;
    expect(await onRanking({ [avatar]: planted })).toEqual([
      expect.stringMatching(/^routes\/_app\+\/ranking: leader:title \(app\/components\/avatar\.tsx:\d+\)$/),
      expect.stringMatching(/^routes\/_app\+\/ranking: profile:title /),
    ]);
  });

  it("a key kept in a table and translated later", async () => {
    const planted = `${read(avatar)}
import type { AppKey as PlantedKey } from "~/lib/i18n/keys";
export const plantedLabels: Record<"one", PlantedKey<"leader">> = { one: "title" };`;
    expect(await onRanking({ [avatar]: planted })).toEqual([expect.stringMatching(/^routes\/_app\+\/ranking: leader:title /)]);
  });

  it("a page stops declaring a namespace it reads (a parent layout's declaration would do)", async () => {
    const layout = join(APP, "routes/_app+/_layout.tsx");
    const undeclaring = read(ranking).replace(/handle = \{ i18n: \[[^\]]*\] \}/, "handle = { i18n: [] }");
    expect(undeclaring).not.toBe(read(ranking));
    expect(await onRanking({ [ranking]: undeclaring })).toContainEqual(
      expect.stringMatching(/^routes\/_app\+\/ranking: engagement:ranking\./),
    );
    const parentDeclares = `${read(layout)}\nexport const handle = { i18n: ["engagement"] };`;
    expect(await onRanking({ [ranking]: undeclaring, [layout]: parentDeclares })).toEqual([]);
  });

  it("but not on what the server alone reads (a loader's or an action's `t`)", async () => {
    const planted = `${read(ranking)}
import { getFixedT as plantedT } from "~/infra/language.server";
export async function action() {
const t = await plantedT(new Request("http://localhost/"), "leader");
return t("title");
}`;
    expect(await onRanking({ [ranking]: planted })).toEqual([]);
  });
});
