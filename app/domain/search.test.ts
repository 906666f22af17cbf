import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanQuery, fold, MAX_QUERY_LENGTH, MAX_RESULTS, mentioned, searchItems, type SearchItem } from "./search";

const item = (title: string, rest = "", kind: SearchItem["kind"] = "activity"): SearchItem => ({
  kind,
  title,
  href: `/${encodeURIComponent(title)}`,
  text: fold(`${title} ${rest}`),
});

describe("search (issue #29 item 3)", () => {
  it("ignores case and accents both ways", () => {
    const items = [item("Auditoría continua"), item("Riesgos")];
    expect(searchItems(items, "auditoria").map((found) => found.title)).toEqual(["Auditoría continua"]);
    expect(searchItems([item("Auditoria")], "AUDITORÍA")).toHaveLength(1);
    expect(searchItems([item("Señales de alerta")], "senales")).toHaveLength(1);
  });

  it("finds by description and course name, and needs every word", () => {
    const items = [item("Podcast", "entrevistas efectivas Formación Requerida"), item("Video", "muestreo")];
    expect(searchItems(items, "entrevistas requerida").map((found) => found.title)).toEqual(["Podcast"]);
    expect(searchItems(items, "entrevistas muestreo")).toEqual([]);
  });

  it("lists matches in the title first", () => {
    const items = [item("Guía", "riesgos"), item("Matriz de riesgos")];
    expect(searchItems(items, "riesgos").map((found) => found.title)).toEqual(["Matriz de riesgos", "Guía"]);
  });

  it("finds nothing for an empty or blank query, and at most MAX_RESULTS", () => {
    expect(searchItems([item("a")], "")).toEqual([]);
    expect(searchItems([item("a")], "   ")).toEqual([]);
    expect(
      searchItems(
        Array.from({ length: 50 }, (_, n) => item(`riesgo ${n}`)),
        "riesgo",
      ),
    ).toHaveLength(MAX_RESULTS);
  });

  it("cuts a long query and survives any input (property)", () => {
    expect(cleanQuery("x".repeat(500))).toHaveLength(MAX_QUERY_LENGTH);
    expect(cleanQuery(null)).toBe("");
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.array(fc.string(), { maxLength: 10 }), (query, titles) => {
        const found = searchItems(
          titles.map((title) => item(title)),
          query,
        );
        expect(found.length).toBeLessThanOrEqual(MAX_RESULTS);
        // Whatever is found holds the query's words.
        for (const result of found)
          for (const word of fold(cleanQuery(query)).split(" ").filter(Boolean)) expect(result.text).toContain(word);
      }),
    );
  });

  it("finds an accented title by itself, whatever its case (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-záéíóúñü]{1,12}$/), (word) => {
        expect(searchItems([item(word.toUpperCase())], word.normalize("NFD").replace(/\p{M}/gu, ""))).toHaveLength(1);
      }),
    );
  });
});

describe("the activity a text names", () => {
  const items = [{ title: "Matriz de riesgos" }, { title: "Matriz de riesgos en 6 pasos" }, { title: "Riesgo" }];

  it("is the longest title the text holds, accents and case aside", () => {
    expect(mentioned(items, "<p>Ya puedes ver <strong>MATRIZ DE RIESGOS EN 6 PASOS</strong>.</p>")).toBe(items[1]);
    expect(mentioned(items, "Repasa la matriz de riesgos hoy")).toBe(items[0]);
  });

  it("is none when no title long enough is there", () => {
    expect(mentioned(items, "Un riesgo nuevo")).toBeNull();
    expect(mentioned([], "Matriz de riesgos")).toBeNull();
  });
});
