import i18next, { type i18n as I18n } from "i18next";
import { describe, expect, it } from "vitest";
import { fallbackLng, supportedLngs } from "../../i18n";
import { resources } from "../../locales";
import { createTranslator, type Resources } from "./translator";

/**
 * Decision 031: the app's own translator replaces i18next and must mean what i18next means. For
 * every key of every namespace in both languages, the app's translator (built as the server builds
 * it: the language, with Spanish as fallback) and an i18next instance configured the same way
 * (`fallbackLng: "es"`, no HTML escaping) give exactly the same result: plain, with every
 * `{{variable}}` of the text given a value, with counts 0, 1, 2 and 5 (plural keys are read by
 * their base key, as the code reads them), lists and objects with `returnObjects`, missing keys
 * with and without `defaultValue`, and, for the fallback, an English with every other key removed.
 * One difference is known and pinned by the last test: with `returnObjects` AND variables, i18next
 * interpolates the strings inside the list or object, the app's translator returns them as written.
 * The app reads only lists with `returnObjects`, none of which has a variable, and passes none.
 */

type Strings = Record<string, Record<string, unknown>>;
type Case = { language: string; key: string; options: Record<string, unknown> };

const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 5];

/** The dotted paths to a namespace's strings, and to its lists and objects (read with `returnObjects`). */
function paths(value: unknown, prefix = ""): { strings: Map<string, string>; objects: string[] } {
  const strings = new Map<string, string>();
  const objects: string[] = [];
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === "string") {
      strings.set(path, child);
    } else {
      objects.push(path);
      if (!Array.isArray(child)) {
        const inner = paths(child, path);
        inner.strings.forEach((text, innerPath) => strings.set(innerPath, text));
        objects.push(...inner.objects);
      }
    }
  }
  return { strings, objects };
}

/** Every `{{name}}` a text (or a list's texts) names, but `count`, which the cases give themselves. */
function variables(value: unknown): string[] {
  const text = JSON.stringify(value);
  const names = [...text.matchAll(/\{\{(.+?)\}\}/g)].map((match) => match[1]!.trim());
  return [...new Set(names)].filter((name) => name !== "count");
}

/** A value no escaping would leave alone, so an escaped result differs. */
const valueFor = (name: string) => `<b>${name}</b> & "Tom's"`;

function cases(strings: Strings, language: string): Case[] {
  const all: Case[] = [];
  for (const [namespace, json] of Object.entries(strings)) {
    const { strings: texts, objects } = paths(json);
    const bases = new Set<string>();
    texts.forEach((text, path) => {
      const filled = Object.fromEntries(variables(text).map((name) => [name, valueFor(name)]));
      const read = PLURAL.test(path) ? path.replace(PLURAL, "") : path;
      if (read !== path) bases.add(read);
      all.push({ language, key: `${namespace}:${path}`, options: {} });
      all.push({ language, key: `${namespace}:${path}`, options: filled });
      for (const count of COUNTS) all.push({ language, key: `${namespace}:${path}`, options: { ...filled, count } });
    });
    for (const base of bases) {
      const filled = Object.fromEntries(
        [...texts]
          .filter(([path]) => path.replace(PLURAL, "") === base)
          .flatMap(([, text]) => variables(text).map((name) => [name, valueFor(name)])),
      );
      for (const count of COUNTS) {
        all.push({ language, key: `${namespace}:${base}`, options: { count } });
        all.push({ language, key: `${namespace}:${base}`, options: { ...filled, count } });
      }
    }
    // Without variables: see the last test for the one difference, which the app never meets.
    for (const path of objects) all.push({ language, key: `${namespace}:${path}`, options: { returnObjects: true } });
    all.push({ language, key: `${namespace}:no.such.key`, options: {} });
    all.push({
      language,
      key: `${namespace}:no.such.key`,
      options: { defaultValue: "Por defecto, {{name}}", name: "Ana & Bea" },
    });
    all.push({ language, key: `${namespace}:no.such.key`, options: { count: 2, defaultValue: "{{count}} por defecto" } });
  }
  return all;
}

/** The app's translators as `app/infra/language.server.ts` builds them: each language, Spanish its fallback. */
function appTranslators(byLanguage: Record<string, Strings>) {
  const fallback = { language: fallbackLng, resources: byLanguage[fallbackLng] as Resources };
  return Object.fromEntries(
    Object.entries(byLanguage).map(([language, strings]) => [
      language,
      createTranslator({ language, resources: strings }, language === fallbackLng ? undefined : fallback).scoped(),
    ]),
  );
}

function i18nextInstance(byLanguage: Record<string, Strings>): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: byLanguage,
    lng: fallbackLng,
    fallbackLng,
    ns: Object.keys(byLanguage[fallbackLng]!),
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initImmediate: false,
  });
  return instance;
}

/** Each case where the two disagree, with both answers. */
function differences(byLanguage: Record<string, Strings>) {
  const app = appTranslators(byLanguage);
  const reference = i18nextInstance(byLanguage);
  const all = Object.keys(byLanguage).flatMap((language) => cases(byLanguage[language]!, language));
  const differing = all
    .map((each) => ({
      ...each,
      app: app[each.language]!(each.key, each.options),
      i18next: reference.t(each.key, { ...each.options, lng: each.language }) as unknown,
    }))
    .filter((each) => JSON.stringify(each.app) !== JSON.stringify(each.i18next));
  return { compared: all.length, differing };
}

/** English with every other string removed (lists and objects kept whole), so Spanish answers for them. */
function holey(strings: Strings): Strings {
  let index = 0;
  const thin = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
    const kept = Object.entries(value).flatMap(([key, child]) =>
      typeof child === "string" && index++ % 2 === 1 ? [] : [[key, thin(child)] as const],
    );
    return Object.fromEntries(kept);
  };
  return Object.fromEntries(
    Object.entries(strings).map(([namespace, json]) => [namespace, thin(json) as Record<string, unknown>]),
  );
}

const locales = resources as unknown as Record<string, Strings>;

describe("the app's translator means what i18next means", () => {
  it("covers both languages, every namespace, plurals, variables and lists", () => {
    expect(Object.keys(locales).sort()).toEqual([...supportedLngs].sort());
    const spanish = cases(locales.es!, "es");
    expect(spanish.filter((each) => each.options.returnObjects).length).toBeGreaterThan(0);
    expect(
      spanish.filter((each) => Object.keys(each.options).some((name) => name !== "count" && name !== "returnObjects")).length,
    ).toBeGreaterThan(0);
    expect(new Set(spanish.map((each) => each.key.split(":")[0])).size).toBe(Object.keys(locales.es!).length);
    expect(spanish.some((each) => each.key === "engagement:time.minute" && each.options.count === 1)).toBe(true);
  });

  it("gives i18next's result for every key of every namespace in Spanish and English", () => {
    const { compared, differing } = differences(locales);
    expect(compared).toBeGreaterThan(5000);
    expect(differing).toEqual([]);
  });

  it("falls back to Spanish as i18next does, for an English missing every other key", () => {
    const { compared, differing } = differences({ es: locales.es!, en: holey(locales.en!) });
    expect(compared).toBeGreaterThan(2500);
    expect(differing).toEqual([]);
  });

  it("differs in one known way: variables inside a list or object read with returnObjects", () => {
    const strings = {
      es: { common: { welcome: { title: "Hola, {{name}}" } } },
      en: { common: { welcome: { title: "Hello, {{name}}" } } },
    };
    const options = { returnObjects: true as const, name: "Ana" };
    expect(appTranslators(strings).es!("welcome", options)).toEqual({ title: "Hola, {{name}}" });
    expect(i18nextInstance(strings).t("welcome", { ...options, lng: "es" })).toEqual({ title: "Hola, Ana" });
    // No list in the app's strings has a variable (the app reads only lists with returnObjects).
    for (const language of Object.keys(locales)) {
      for (const json of Object.values(locales[language]!)) {
        const lists = paths(json).objects.map((path) =>
          path.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], json),
        );
        expect(lists.filter((value) => Array.isArray(value)).flatMap(variables)).toEqual([]);
      }
    }
  });
});
