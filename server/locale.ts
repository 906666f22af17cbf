import { createCookie } from "@remix-run/node";
import { fallbackLng, isLng, type Lng } from "../app/i18n";

/** The language choice persists in its own cookie; the app's pages and the server's own pages read it. */
export const localeCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

/** The first supported language of an Accept-Language header, by weight; null when none is. */
export function acceptedLanguage(header: string | undefined): Lng | null {
  const ranked = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split("-")[0], weight: q === undefined ? 1 : Number(q) };
    })
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight);
  return ranked.map(({ language }) => language).find(isLng) ?? null;
}

/** The language of a page the server answers before Remix: the `lng` cookie, else Accept-Language, else Spanish. */
export async function languageOf(cookieHeader: string | undefined, acceptLanguage: string | undefined): Promise<Lng> {
  const chosen: unknown = await localeCookie.parse(cookieHeader ?? null).catch(() => null);
  if (isLng(chosen)) return chosen;
  return acceptedLanguage(acceptLanguage) ?? fallbackLng;
}
