import { describe, expect, it } from "vitest";
import { answerField, sentAnswers, validAnswers } from "./answers";

const questions = [
  { id: 1, options: [{ id: 10 }, { id: 11 }] },
  { id: 2, options: [{ id: 20 }, { id: 21 }] },
  { id: 3, options: [{ id: 30 }] },
];

describe("answers in a form", () => {
  it("reads the answers a form sent, and keeps only options of their own question", () => {
    const form: Array<[string, string]> = [
      [answerField(1), "11"],
      [answerField(2), "10"],
      [answerField(3), "x"],
      [answerField(9), "90"],
      ["step", "1"],
    ];
    expect(sentAnswers(form)).toEqual({ 1: 11, 2: 10, 9: 90 });
    expect(validAnswers(questions, sentAnswers(form))).toEqual({ 1: 11 });
  });
});
