import type { Options, ScopedT, TFunction } from "./keys";

/**
 * The app's own `t()`: a few dozen lines over one language's JSON (namespace → nested keys), used
 * alike by the server (loaders, actions, rendering) and the browser, which gets only the page
 * language's strings. It supports exactly what `app/locales` and the code use, with i18next's
 * meaning: `ns:key` (default namespace `common`, or the one a translator is scoped to), dotted
 * nested keys, plurals `key_one`/`key_other` (i18next's JSON v4) chosen by `Intl.PluralRules`
 * when `count` is given, `{{name}}` interpolation, `defaultValue`, `returnObjects` (lists), and a
 * fallback language. Values are NOT HTML-escaped: React escapes what it renders, and escaping
 * here too showed a name like "Tom & Jerry" as "Tom &amp; Jerry".
 */

/** One language's strings: namespace → nested object of strings (and lists of them). */
export type Resources = Readonly<Record<string, unknown>>;

/** `version` names the strings' content (the browser's cache key for the namespaces it fetches). */
type Catalog = { language: string; resources: Resources; version?: string };

/** Typed over `R`, the shape of the strings (see ./keys); untyped (`string` keys) by default. */
export type Translator<R = Resources> = {
  language: string;
  resources: Resources;
  version: string;
  /** A `t` whose keys without `ns:` read from `namespace` (default `common`); one per namespace. */
  scoped(): ScopedT<R, typeof DEFAULT_NAMESPACE>;
  scoped<Namespace extends keyof R & string>(namespace: Namespace): ScopedT<R, Namespace>;
};

const DEFAULT_NAMESPACE = "common";

const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** A catalog with its language's plural rules, built once per translator (translators are built once per language). */
type Ruled = Catalog & { plurals: Intl.PluralRules };

function lookup(resources: Resources, namespace: string, path: readonly string[]): unknown {
  let node: unknown = resources;
  for (const part of [namespace, ...path]) {
    if (typeof node !== "object" || node === null || !has(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A found value is a string, or, with `returnObjects`, a list or object. */
function usable(value: unknown, returnObjects: boolean): boolean {
  return typeof value === "string" || (returnObjects && typeof value === "object" && value !== null);
}

/** `{{name}}` takes the option's value (`null`/`undefined` read as ''); an unknown name stays as is. */
function interpolate(text: string, values: Options): string {
  if (!text.includes("{{")) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (match, name: string) => {
    const key = name.trim();
    if (!has(values, key)) return match;
    const value = values[key];
    return value === undefined || value === null ? "" : String(value);
  });
}

function resolve(catalogs: readonly Ruled[], namespace: string, path: readonly string[], options: Options): unknown {
  const returnObjects = options.returnObjects === true;
  const parent = path.slice(0, -1);
  const leaf = path[path.length - 1];
  for (const { plurals, resources } of catalogs) {
    if (typeof options.count === "number") {
      const value = lookup(resources, namespace, [...parent, `${leaf}_${plurals.select(options.count)}`]);
      if (usable(value, returnObjects)) return value;
    }
    const value = lookup(resources, namespace, path);
    if (usable(value, returnObjects)) return value;
  }
  return undefined;
}

/** `R` types the keys (see ./keys); `fallback` answers the keys `catalog` lacks; a key found in neither reads as itself. */
export function createTranslator<R = Resources>(catalog: Catalog, fallback?: Catalog): Translator<R> {
  const catalogs = (fallback ? [catalog, fallback] : [catalog]).map((each) => ({
    ...each,
    plurals: new Intl.PluralRules(each.language),
  }));
  const scopes = new Map<string, TFunction>();

  function scoped(defaultNamespace = DEFAULT_NAMESPACE): TFunction {
    const cached = scopes.get(defaultNamespace);
    if (cached) return cached;
    // The string each key reads without a count or `returnObjects`, looked up once (a home calls `t`
    // a few hundred times). Only keys found are kept, so the catalogs bound the map.
    const found = new Map<string, string>();
    const t = ((fullKey: string, options: Options = {}) => {
      const plain = typeof options.count !== "number" && options.returnObjects !== true;
      let value: unknown = plain ? found.get(fullKey) : undefined;
      if (value === undefined) {
        const separator = fullKey.indexOf(":");
        const namespace = separator < 0 ? defaultNamespace : fullKey.slice(0, separator);
        const key = separator < 0 ? fullKey : fullKey.slice(separator + 1);
        const read = resolve(catalogs, namespace, key.split("."), options);
        if (plain && typeof read === "string") found.set(fullKey, read);
        value = read ?? options.defaultValue ?? key;
      }
      return typeof value === "string" ? interpolate(value, options) : value;
    }) as TFunction;
    scopes.set(defaultNamespace, t);
    return t;
  }

  // The keys' types are the caller's claim about `resources` (the app's: ../../locales, tested).
  return { language: catalog.language, resources: catalog.resources, version: catalog.version ?? "", scoped } as Translator<R>;
}
