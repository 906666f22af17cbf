import type { Strings } from "./keys";
import type { Translator } from "./translator";
import type { StringsData } from "./use-translation";

/**
 * Each translator's data blocks, by namespaces: the same for every document of a language whose
 * routes read the same namespaces (the routes declare them, so there are a few dozen at most).
 */
const blocks = new WeakMap<Translator<Strings>, Map<string, string>>();

/**
 * The strings of `namespaces` and their version as `<TranslationsData>` writes them: JSON with `<`
 * escaped, so no string can close the element. Written once per translator and namespaces.
 */
export function stringsBlock(i18n: Translator<Strings>, namespaces: readonly string[]): string {
  const key = namespaces.join();
  let written = blocks.get(i18n);
  if (!written) blocks.set(i18n, (written = new Map()));
  let json = written.get(key);
  if (json === undefined) {
    const has = (namespace: string) => Object.prototype.hasOwnProperty.call(i18n.resources, namespace);
    const resources = Object.fromEntries(namespaces.filter(has).map((namespace) => [namespace, i18n.resources[namespace]]));
    json = JSON.stringify({ version: i18n.version, resources } satisfies StringsData).replace(/</g, "\\u003c");
    written.set(key, json);
  }
  return json;
}
