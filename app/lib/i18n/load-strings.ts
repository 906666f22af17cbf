import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import type { Namespace } from "~/locales";
import type { Strings } from "./keys";
import type { I18nHandle } from "./namespaces";
import type { Translator } from "./translator";

/**
 * The browser's side of per-route namespaces (decision 038): a client-side navigation to a route
 * whose strings the document did not carry fetches them (`/locales/:lng/:ns`, cached for good
 * under the strings' version) alongside the route's data, so the page renders translated.
 */
let browserTranslator: Translator<Strings> | null = null;
const pending = new Map<Namespace, Promise<void>>();

/** entry.client hands over the document's translator, whose resources the fetched strings join. */
export function setBrowserTranslator(translator: Translator<Strings>) {
  browserTranslator = translator;
}

export function stringsUrl(language: string, namespace: Namespace, version: string) {
  return `/locales/${language}/${namespace}?v=${encodeURIComponent(version)}`;
}

async function fetchNamespace(translator: Translator<Strings>, namespace: Namespace) {
  const response = await fetch(stringsUrl(translator.language, namespace, translator.version));
  if (!response.ok) throw new Error(`Strings ${namespace} answered ${response.status}`);
  // The resources object is entry.client's own (parsed from the document): the translator reads it live.
  (translator.resources as Record<string, unknown>)[namespace] = await response.json();
}

/** Loads the namespaces the translator lacks, each once (a failed one is fetched again next time). */
export async function loadNamespaces(namespaces: readonly Namespace[]) {
  const translator = browserTranslator;
  if (!translator) return;
  const missing = namespaces.filter((namespace) => !Object.prototype.hasOwnProperty.call(translator.resources, namespace));
  await Promise.all(
    missing.map((namespace) => {
      let promise = pending.get(namespace);
      if (!promise) {
        promise = fetchNamespace(translator, namespace).catch((error: unknown) => {
          pending.delete(namespace);
          throw error;
        });
        pending.set(namespace, promise);
      }
      return promise;
    }),
  );
}

/**
 * A route's `clientLoader`: its server data and its handle's strings, fetched together. A failed
 * loader still waits for the strings, which its error boundary reads.
 */
export function withStrings(handle: I18nHandle) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const strings = loadNamespaces(handle.i18n);
    const data = await serverLoader().catch(async (error: unknown) => {
      await strings.catch(() => undefined);
      throw error;
    });
    await strings;
    return data;
  };
}
