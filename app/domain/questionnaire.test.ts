import { describe, expect, it } from "vitest";
import { clampStep, move, stepState } from "./questionnaire";

const questions = [
  { id: 1, options: [{ id: 10 }, { id: 11 }] },
  { id: 2, options: [{ id: 20 }, { id: 21 }] },
  { id: 3, options: [{ id: 30 }] },
];

describe("questionnaire steps", () => {
  it("says 'Parte X de N', disables Regresar on the first and Continuar until answered", () => {
    expect(stepState(questions, 0, {})).toEqual({ part: 1, total: 3, canGoBack: false, answered: false, isLast: false });
    expect(stepState(questions, 2, { 3: 30 })).toEqual({ part: 3, total: 3, canGoBack: true, answered: true, isLast: true });
  });

  it("keeps steps inside the questionnaire", () => {
    expect(clampStep(-1, 3)).toBe(0);
    expect(clampStep(7, 3)).toBe(2);
    expect(clampStep(Number.NaN, 3)).toBe(0);
    expect(clampStep(1, 0)).toBe(0);
  });

  it("goes back but never before the first question", () => {
    expect(move(questions, 0, "back", {})).toEqual({ kind: "step", step: 0 });
    expect(move(questions, 2, "back", {})).toEqual({ kind: "step", step: 1 });
  });

  it("moves on only when the question is answered", () => {
    expect(move(questions, 0, "next", {})).toEqual({ kind: "unanswered", step: 0 });
    expect(move(questions, 0, "next", { 1: 10 })).toEqual({ kind: "step", step: 1 });
  });

  it("finishes with every answer, or shows the first open question", () => {
    expect(move(questions, 2, "finish", { 1: 10, 3: 30 })).toEqual({ kind: "unanswered", step: 1 });
    expect(move(questions, 2, "finish", { 1: 10, 2: 21, 3: 30 })).toEqual({
      kind: "done",
      answers: [
        { questionId: 1, answer: 10 },
        { questionId: 2, answer: 21 },
        { questionId: 3, answer: 30 },
      ],
    });
  });

  it("Continuar on the last answered question finishes too", () => {
    expect(move(questions, 2, "next", { 1: 10, 2: 20, 3: 30 }).kind).toBe("done");
  });
});
