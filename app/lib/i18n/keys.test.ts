import { describe, expectTypeOf, it } from "vitest";
import { type getFixedT, translatorFor } from "~/infra/language.server";
import type { AnyAppT, AppKey, AppT } from "./keys";
import { type useTranslation } from "./use-translation";

// `tsc` checks this file (the tests only run what it proves): each @ts-expect-error line is a
// key the compiler must refuse.
describe("t's keys are typed from the Spanish JSON", () => {
  it("accepts a namespace's own keys bare, nested and plural, and any namespace's with its prefix", () => {
    expectTypeOf<"nav.home">().toExtend<AppKey>();
    expectTypeOf<"levels.Básico">().toExtend<AppKey<"profile">>();
    expectTypeOf<"common:nav.home">().toExtend<AppKey<"profile">>();
    expectTypeOf<"profile:levels.Nativo">().toExtend<AppKey>();
  });

  it("refuses an unknown key, another namespace's key without its prefix, a wrong prefix, any string", () => {
    expectTypeOf<"nav.nowhere">().not.toExtend<AppKey>();
    expectTypeOf<"levels.Básico">().not.toExtend<AppKey>();
    expectTypeOf<"common:levels.Básico">().not.toExtend<AppKey>();
    expectTypeOf<"nowhere:nav.home">().not.toExtend<AppKey>();
    expectTypeOf<string>().not.toExtend<AppKey>();
  });

  it("types useTranslation's t, the server's getFixedT and a translator's scoped t alike", () => {
    expectTypeOf<ReturnType<typeof useTranslation<"profile">>["t"]>().toEqualTypeOf<AppT<"profile">>();
    expectTypeOf<Awaited<ReturnType<typeof getFixedT<"leader">>>>().toEqualTypeOf<AppT<"leader">>();
    expectTypeOf(translatorFor("en").scoped("profile")).toEqualTypeOf<AppT<"profile">>();
  });

  it("refuses wrong keys at the call", () => {
    const t = translatorFor("es").scoped("profile");
    const common = translatorFor("es").scoped();
    t("title");
    common("nav.home");
    // @ts-expect-error a key of common without its prefix
    t("nav.home");
    // @ts-expect-error a key that does not exist
    common("nav.nowhere");
    // @ts-expect-error a list is read only with returnObjects
    common("guest:levels");
    common("guest:levels", { returnObjects: true });
    // @ts-expect-error an unknown namespace
    translatorFor("es").scoped("nowhere");
  });

  it("allows dynamic keys from a typed union, not from a string", () => {
    const t = translatorFor("es").scoped("profile");
    const level = "Nativo" as "Básico" | "Nativo";
    t(`levels.${level}`);
    const anything = "Nativo" as string;
    // @ts-expect-error a key built from any string
    t(`levels.${anything}`);
  });

  it("gives helpers a t of any namespace, which takes prefixed keys only", () => {
    expectTypeOf<AppT<"profile">>().toExtend<AnyAppT>();
    expectTypeOf<AppT>().toExtend<AnyAppT>();
    const helper = (t: AnyAppT) => {
      t("common:errors.generic");
      // @ts-expect-error a helper does not know its caller's namespace
      t("errors.generic");
    };
    expectTypeOf(helper).toBeFunction();
  });
});
