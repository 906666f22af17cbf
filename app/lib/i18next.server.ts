import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import i18n, { isLng, type Lng } from "~/i18n";
import { resources } from "~/locales";

/** The language choice persists in its own cookie; without one the app speaks Spanish. */
export const localeCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: i18n.supportedLngs,
    fallbackLanguage: i18n.fallbackLng,
    cookie: localeCookie,
    order: ["cookie"],
  },
  i18next: { ...i18n, resources },
});

export async function getLocale(request: Request): Promise<Lng> {
  const locale = await i18next.getLocale(request);
  return isLng(locale) ? locale : "es";
}
