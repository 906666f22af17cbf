import { join } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { APP, appProgram, createProgram, type Route, undeclared } from "../../../tests/declared-namespaces";

/** The check of declared-namespaces.test.ts fails on a planted mistake, and only on one. */
describe("the declared-namespaces check fails on a planted mistake", { timeout: 60_000 }, () => {
  let program: ts.Program;
  let routes: Route[];
  beforeAll(async () => ({ program, routes } = await appProgram()), 120_000);

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
