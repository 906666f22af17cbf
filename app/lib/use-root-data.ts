import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";

/** Root's loader data (language, data saver, …) from any component: undefined when root's loader failed. */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}
