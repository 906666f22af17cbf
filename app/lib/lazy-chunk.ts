import { type ComponentType, lazy } from "react";

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
