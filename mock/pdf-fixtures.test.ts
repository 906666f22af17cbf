import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { METHODOLOGY_PDF, methodologyPdf } from "../tests/fixtures/mock-pdfs";

describe("the mock's generated PDF", () => {
  it("is what tests/fixtures/mock-pdfs.ts writes (regenerate with npx vite-node on it)", () => {
    expect(Buffer.compare(readFileSync(METHODOLOGY_PDF), Buffer.from(methodologyPdf()))).toBe(0);
  });
});
