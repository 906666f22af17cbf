import { describe, expect, it } from "vitest";
import { createTranslator } from "./translator";

const es = {
  common: {
    greeting: "Hola, {{name}}",
    nested: { deep: { key: "Profundo" } },
    items_one: "{{count}} elemento",
    items_other: "{{count}} elementos",
    unread: "Notificaciones ({{count}} sin leer)",
    spaced: "Hola, {{ name }}",
    onlySpanish: "Solo en español",
    list: ["uno", "dos"],
    levels: [{ name: "Bajo", text: "Poco" }],
  },
  engagement: { title: "Logros", back: "Volver" },
};

const en = {
  common: {
    greeting: "Hello, {{name}}",
    nested: { deep: { key: "Deep" } },
    items_one: "{{count}} item",
    items_other: "{{count}} items",
    unread: "Notifications ({{count}} unread)",
    spaced: "Hello, {{ name }}",
    list: ["one", "two"],
    levels: [{ name: "Low", text: "Little" }],
  },
  engagement: { title: "Achievements" },
};

const spanish = createTranslator({ language: "es", resources: es });
const english = createTranslator({ language: "en", resources: en }, { language: "es", resources: es });

describe("createTranslator", () => {
  it("reads nested dotted keys of the default namespace, common", () => {
    expect(spanish.scoped()("nested.deep.key")).toBe("Profundo");
    expect(english.scoped()("nested.deep.key")).toBe("Deep");
  });

  it("reads another namespace with an ns: prefix, or by default when scoped to it", () => {
    expect(english.scoped()("engagement:title")).toBe("Achievements");
    expect(english.scoped("engagement")("title")).toBe("Achievements");
    expect(english.scoped("engagement")("common:greeting", { name: "Ana" })).toBe("Hello, Ana");
    expect(english.scoped("engagement")("greeting")).toBe("greeting");
  });

  it("gives the same function for the same scope", () => {
    expect(english.scoped("engagement")).toBe(english.scoped("engagement"));
    expect(english.scoped()).toBe(english.scoped("common"));
  });

  it.each([
    [spanish, 0, "0 elementos"],
    [spanish, 1, "1 elemento"],
    [spanish, 2, "2 elementos"],
    [spanish, 1.5, "1.5 elementos"],
    [english, 0, "0 items"],
    [english, 1, "1 item"],
    [english, 7, "7 items"],
  ])("chooses the plural form by the language's rules (%#)", (translator, count, expected) => {
    expect(translator.scoped()("items", { count })).toBe(expected);
  });

  it("reads the plain key when it has no plural forms", () => {
    expect(english.scoped()("unread", { count: 3 })).toBe("Notifications (3 unread)");
  });

  it("interpolates without HTML escaping (React escapes what it renders)", () => {
    expect(english.scoped()("greeting", { name: "Tom & Jerry <b>'/\"" })).toBe("Hello, Tom & Jerry <b>'/\"");
    expect(spanish.scoped()("spaced", { name: 5 })).toBe("Hola, 5");
  });

  it("leaves an unknown variable as written and reads null or undefined as empty", () => {
    expect(spanish.scoped()("greeting")).toBe("Hola, {{name}}");
    expect(spanish.scoped()("greeting", { name: null })).toBe("Hola, ");
    expect(spanish.scoped()("greeting", { name: undefined })).toBe("Hola, ");
  });

  it("falls back to Spanish, then to defaultValue, then to the key", () => {
    expect(english.scoped()("onlySpanish")).toBe("Solo en español");
    expect(english.scoped("engagement")("back")).toBe("Volver");
    expect(english.scoped()("levels.B2", { defaultValue: "B2" })).toBe("B2");
    expect(english.scoped()("missing.key")).toBe("missing.key");
    expect(english.scoped()("engagement:missing")).toBe("missing");
    expect(spanish.scoped("nowhere")("title")).toBe("title");
  });

  it("never reads inherited properties as keys", () => {
    expect(spanish.scoped()("constructor")).toBe("constructor");
    expect(spanish.scoped()("greeting.length")).toBe("greeting.length");
  });

  it("returns lists and objects with returnObjects, and only then", () => {
    expect(english.scoped()("list", { returnObjects: true })).toEqual(["one", "two"]);
    expect(english.scoped()("levels", { returnObjects: true })).toEqual([{ name: "Low", text: "Little" }]);
    expect(english.scoped()("list")).toBe("list");
    expect(english.scoped()("nested")).toBe("nested");
  });

  it("looks a key up once, and interpolates each call's own values into it", () => {
    let reads = 0;
    const common = new Proxy(es.common, {
      getOwnPropertyDescriptor(target, key) {
        reads += 1;
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    const t = createTranslator({ language: "es", resources: { common } }).scoped();
    expect(t("greeting", { name: "Ana" })).toBe("Hola, Ana");
    const once = reads;
    expect(t("greeting", { name: "Luis" })).toBe("Hola, Luis");
    expect(t("greeting")).toBe("Hola, {{name}}");
    expect(reads).toBe(once);
    expect(t("items", { count: 2 })).toBe("2 elementos");
    expect(t("items", { count: 1 })).toBe("1 elemento");
  });

  it("reads a list only with returnObjects, before or after a plain read of its key", () => {
    const t = createTranslator({ language: "en", resources: en }).scoped();
    expect(t("list")).toBe("list");
    expect(t("list", { returnObjects: true })).toEqual(["one", "two"]);
    expect(t("list")).toBe("list");
  });

  it("tells its language and resources", () => {
    expect(english.language).toBe("en");
    expect(english.resources).toBe(en);
  });
});
