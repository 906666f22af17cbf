import { describe, expect, it } from "vitest";
import { translatorFor } from "~/infra/language.server";
import { resources } from "./index";

/** Every key exists in both languages, and the elapsed-time words are pluralised in each. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe("locales", () => {
  it.each(Object.keys(resources.es))("namespace %s has the same keys in Spanish and English", (namespace) => {
    const ns = namespace as keyof (typeof resources)["es"];
    expect(keys(resources.en[ns]).sort()).toEqual(keys(resources.es[ns]).sort());
  });

  it.each([
    ["es", "minute", 0, "Hace: 0 minutos"],
    ["es", "minute", 1, "Hace: 1 minuto"],
    ["es", "hour", 1, "Hace: 1 hora"],
    ["es", "hour", 5, "Hace: 5 horas"],
    ["es", "day", 1, "Hace: 1 día"],
    ["es", "day", 3, "Hace: 3 días"],
    ["es", "month", 1, "Hace: 1 mes"],
    ["es", "month", 2, "Hace: 2 meses"],
    ["es", "year", 1, "Hace: 1 año"],
    ["es", "year", 4, "Hace: 4 años"],
    ["en", "minute", 0, "0 minutes ago"],
    ["en", "minute", 1, "1 minute ago"],
    ["en", "day", 1, "1 day ago"],
    ["en", "month", 2, "2 months ago"],
    ["en", "year", 1, "1 year ago"],
    ["en", "hour", 3, "3 hours ago"],
  ] as const)("%s: %s × %d reads '%s'", (lng, unit, count, expected) => {
    const t = translatorFor(lng).scoped("engagement");
    expect(t("notifications.ago", { time: t(`time.${unit}`, { count }) })).toBe(expected);
  });
});
