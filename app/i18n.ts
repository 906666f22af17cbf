/** i18next settings shared by the server and the browser (remix-i18next). Spanish first. */
export const supportedLngs = ["es", "en"] as const;
export type Lng = (typeof supportedLngs)[number];

export function isLng(value: unknown): value is Lng {
  return typeof value === "string" && (supportedLngs as readonly string[]).includes(value);
}

export default {
  supportedLngs: [...supportedLngs],
  fallbackLng: "es",
  defaultNS: "common",
  ns: ["common", "learning", "player", "engagement", "profile", "onboarding"],
  react: { useSuspense: false },
};
