import type { HttpHandler } from "msw";
import { json, readBody, routes, type UserCall } from "../http";
import { t } from "../i18n";
import { type MockContext, nextId, now } from "../store";
import type { DiagnosisRecord, UserDiagnosisRecord } from "../types";
import { int, list, rejectField, validate } from "../validation";

const lastDiagnosis = (call: UserCall) =>
  call.state.user_diagnoses
    .filter((item) => item.user_id === call.user.id)
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)[0];

/** `more_data`: `[{question_id, answer}]` (sent as JSON text), one valid option id per question. */
function parseAnswers(call: UserCall, diagnosis: DiagnosisRecord, rows: unknown[]): UserDiagnosisRecord["answers"] {
  const invalid = () => rejectField(call.locale, "more_data", t(call.locale, "invalid"));
  const answers = new Map<number, number>();
  for (const row of rows) {
    const { question_id: questionId, answer } = (row ?? {}) as Record<string, unknown>;
    const question = diagnosis.questionnaire.questions.find((item) => item.id === Number(questionId));
    if (!question || !question.options.some((option) => option.id === Number(answer))) return invalid();
    answers.set(question.id, Number(answer));
  }
  if (answers.size !== diagnosis.questionnaire.questions.length) {
    rejectField(call.locale, "more_data", t(call.locale, "unanswered"));
  }
  return [...answers].map(([question_id, answer]) => ({ question_id, answer }));
}

/** The placement questionnaire: `GET /diagnose`, `GET /diagnose/last_diagnoses`, `POST /diagnose/save_user_diagnose`. */
export function diagnoseHandlers(ctx: MockContext): HttpHandler[] {
  const { get, post } = routes(ctx);
  return [
    get("/diagnose", (call) => {
      const { diagnosis } = call.state.catalogue;
      const previous = lastDiagnosis(call);
      return json({
        diagnose: {
          id: diagnosis.id,
          name: diagnosis.name,
          questionnaire: {
            id: diagnosis.questionnaire.id,
            name: diagnosis.questionnaire.name,
            questions: diagnosis.questionnaire.questions.map((question) => ({
              id: question.id,
              statement: question.statement,
              options: question.options_as_json_text ? JSON.stringify(question.options) : question.options,
              selected: previous?.answers.find((answer) => answer.question_id === question.id)?.answer ?? null,
            })),
          },
        },
      });
    }),

    get("/diagnose/last_diagnoses", ({ state, user }) =>
      json({
        last_diagnoses: state.user_diagnoses
          .filter((item) => item.user_id === user.id)
          .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id),
      }),
    ),

    post("/diagnose/save_user_diagnose", async (call) => {
      const input = validate(
        await readBody(call),
        { diagnosis_id: "required|integer|min:1", more_data: "required|array" },
        call.locale,
      );
      const { diagnosis } = call.state.catalogue;
      if (int(input.diagnosis_id) !== diagnosis.id) rejectField(call.locale, "diagnosis_id", t(call.locale, "invalid"));
      const record: UserDiagnosisRecord = {
        id: nextId(call.state.user_diagnoses),
        user_id: call.user.id,
        diagnosis_id: diagnosis.id,
        answers: parseAnswers(call, diagnosis, list(input.more_data)),
        created_at: now(),
      };
      call.state.user_diagnoses.push(record);
      return json({ success: true, message: t(call.locale, "dataSaved"), user_diagnose: record });
    }),
  ];
}
