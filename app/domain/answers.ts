/**
 * Answers to multiple-choice questions as a form carries them, one field per question, for the
 * onboarding questionnaire and the trivia alike: the browser's state, the JS-off form and the
 * action all read them the same way.
 */
export type Question = { id: number; options: Array<{ id: number }> };
export type Answers = Record<number, number>;

/** The field a question's answer travels in. */
export const answerField = (questionId: number) => `answer-${questionId}`;

const ANSWER_FIELD = /^answer-(\d+)$/;

/** Every answer a form carries, as sent (nothing checked yet). */
export function sentAnswers(entries: Iterable<[string, unknown]>): Answers {
  const answers: Answers = {};
  for (const [name, value] of entries) {
    const questionId = ANSWER_FIELD.exec(name)?.[1];
    const answer = Number(value);
    if (questionId && Number.isInteger(answer) && answer > 0) answers[Number(questionId)] = answer;
  }
  return answers;
}

/** Only answers that are options of their own question. */
export function validAnswers(questions: Question[], answers: Answers): Answers {
  const valid: Answers = {};
  for (const question of questions) {
    const answer = answers[question.id];
    if (question.options.some((option) => option.id === answer) && answer !== undefined) valid[question.id] = answer;
  }
  return valid;
}

/** The answers a page's form holds now: a radio picked before the page's script ran fired no onChange. */
export const answersInForm = (form: HTMLFormElement | null): Answers => (form ? sentAnswers(new FormData(form)) : {});
