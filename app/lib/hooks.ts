/**
 * Small React helpers that most pages use, in one module: in the browser each module that a
 * different set of routes imports becomes a chunk of its own, ~100 bytes each before any code.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { type ComponentType, lazy, useEffect, useLayoutEffect, useState } from "react";
import type { RootData } from "~/root";

/** A layout effect (React warns about one during server rendering, where it would not run anyway). */
export const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** False on the server and in the first client render; true once JavaScript has taken over. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Root's loader data (language, data saver, …) from any component: undefined when root's loader failed. */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}

/**
 * A component that is a chunk of its own in the browser (decision 027): `server` is its import
 * from a `.server` module, real on the server (which renders it at once) and empty in the browser,
 * where `load` fetches the chunk and React keeps the server's HTML until it has arrived.
 */
export function lazyChunk<Props extends object>(
  server: ComponentType<Props> | undefined,
  load: () => Promise<ComponentType<Props>>,
) {
  return server ?? lazy(() => load().then((component) => ({ default: component })));
}
