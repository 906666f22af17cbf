/** The app's languages, shared by the server and the browser. Spanish first. */
export const supportedLngs = ["es", "en"] as const;
export type Lng = (typeof supportedLngs)[number];

export const fallbackLng: Lng = "es";

export function isLng(value: unknown): value is Lng {
  return typeof value === "string" && (supportedLngs as readonly string[]).includes(value);
}
