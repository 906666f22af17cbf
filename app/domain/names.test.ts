import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shortName, titleCase } from "./names";

describe("titleCase", () => {
  it.each([
    ["ANA MARÍA DE LA O", "Ana María de La o"],
    ["josé y maría", "José y María"],
    ["de la cruz", "De La Cruz"],
    ["auditoría con riesgos a la vista", "Auditoría con Riesgos a La Vista"],
    ["  carlos   ruiz ", "Carlos Ruiz"],
  ])("%s → %s", (input, expected) => {
    expect(titleCase(input)).toBe(expected);
  });
});

describe("shortName", () => {
  it.each([
    ["Ana Martínez", "Ana Martínez"],
    ["María Fernanda López", "María Fernanda"],
    ["Guadalupe Hernández", "Guadalupe"],
    ["Maximilianoalejandro Ruiz", "Maximilianoalej"],
    ["", ""],
  ])("%s → %s", (input, expected) => {
    expect(shortName(input)).toBe(expected);
  });

  it("never exceeds 15 characters and never cuts a word it keeps (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-záéíóúñ]{1,12}$/), { minLength: 1, maxLength: 6 }), (words) => {
        const name = words.join(" ");
        const short = shortName(name);
        expect(short.length).toBeLessThanOrEqual(15);
        if ((words[0] ?? "").length <= 15)
          expect(name.startsWith(short) && (short === name || name[short.length] === " ")).toBe(true);
      }),
    );
  });
});
