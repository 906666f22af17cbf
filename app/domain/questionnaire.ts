/**
 * The placement questionnaire of spec §2 'Onboarding': one question at a time, 'Parte X de N',
 * Regresar disabled on the first, Continuar only once the question is answered, Finalizar on the
 * last. The same rules drive the browser (JS) and the server (one question per request without JS).
 */
import type { Answers, Question } from "./answers";

export type Intent = "back" | "next" | "finish";

export const clampStep = (step: number, total: number) =>
  Number.isInteger(step) ? Math.min(Math.max(step, 0), Math.max(total - 1, 0)) : 0;

export function stepState(questions: Question[], step: number, answers: Answers) {
  const current = questions[step];
  return {
    part: step + 1,
    total: questions.length,
    canGoBack: step > 0,
    answered: current !== undefined && answers[current.id] !== undefined,
    isLast: step === questions.length - 1,
  };
}

export type Move =
  | { kind: "step"; step: number }
  | { kind: "unanswered"; step: number }
  | { kind: "done"; answers: Array<{ questionId: number; answer: number }> };

/**
 * What a button does: Regresar goes back (never before the first), Continuar moves on only when
 * the question is answered, Finalizar sends when every question is (else shows the first open one).
 */
export function move(questions: Question[], from: number, intent: Intent, answers: Answers): Move {
  const step = clampStep(from, questions.length);
  if (intent === "back") return { kind: "step", step: Math.max(step - 1, 0) };
  const state = stepState(questions, step, answers);
  if (!state.answered) return { kind: "unanswered", step };
  if (intent === "next" && !state.isLast) return { kind: "step", step: step + 1 };
  const open = questions.findIndex((question) => answers[question.id] === undefined);
  if (open >= 0) return { kind: "unanswered", step: open };
  return { kind: "done", answers: questions.map((question) => ({ questionId: question.id, answer: answers[question.id] ?? 0 })) };
}
