import { describe, expect, it } from "vitest";
import { reflow } from "./pdf-text";

describe("reflow (a PDF page's lines as paragraphs)", () => {
  it("joins a paragraph's lines, mends a hyphenated word, and keeps a heading and each paragraph apart", () => {
    const page = [
      "Metodología de evaluación de riesgos",
      "",
      "El riesgo se mide por su impacto y su probabilidad. Cada",
      "riesgo identificado se califica de 1 a 5 en ambas dimen-",
      "siones y se ubica en la matriz de calor.",
      "El apetito de riesgo lo fija el directorio: los riesgos",
      "por encima de él requieren un plan de tratamiento.",
    ].join("\n");
    expect(reflow(page)).toEqual([
      "Metodología de evaluación de riesgos",
      "El riesgo se mide por su impacto y su probabilidad. Cada riesgo identificado se califica de 1 a 5 en ambas dimensiones y se ubica en la matriz de calor.",
      "El apetito de riesgo lo fija el directorio: los riesgos por encima de él requieren un plan de tratamiento.",
    ]);
  });

  it("tells a title from the paragraph under it without a blank line, and a comma's line from a title", () => {
    expect(
      reflow(
        "Metodología de evaluación de riesgos\nEl riesgo se mide por su impacto y su probabilidad. Cada\nriesgo identificado se califica.",
      ),
    ).toEqual([
      "Metodología de evaluación de riesgos",
      "El riesgo se mide por su impacto y su probabilidad. Cada riesgo identificado se califica.",
    ]);
    expect(reflow("El control interno lo ejercen el directorio y la gerencia general,\nLa auditoría lo evalúa.")).toEqual([
      "El control interno lo ejercen el directorio y la gerencia general, La auditoría lo evalúa.",
    ]);
  });

  it("gives each list item a paragraph, and keeps a hyphen that is not a cut word", () => {
    expect(
      reflow(
        "Estructura de un hallazgo:\n- Condición: lo que se encontró.\n- Criterio: lo que debería ser.\n1. Causa\n2. Efecto",
      ),
    ).toEqual([
      "Estructura de un hallazgo:",
      "- Condición: lo que se encontró.",
      "- Criterio: lo que debería ser.",
      "1. Causa",
      "2. Efecto",
    ]);
    expect(reflow("Normas ISO-\n31000 y COSO.")).toEqual(["Normas ISO- 31000 y COSO."]);
  });

  it("has nothing for a page without text (a scan), and reads right-to-left text as it came", () => {
    expect(reflow("")).toEqual([]);
    expect(reflow("\n \n")).toEqual([]);
    expect(reflow("שלום עולם\nספר טוב")).toEqual(["שלום עולם ספר טוב"]);
  });
});
