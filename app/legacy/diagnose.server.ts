import { z } from "zod/v4";
import { type LegacyContext, legacyRequest } from "./request.server";
import { id, messageSchema } from "./schemas/common.server";

const optionSchema = z.object({ id, option: z.string() }).passthrough();

/** Options may come as a list or as its JSON text (spec §3 'Placement question'). */
const optionsSchema = z.union([
  z.array(optionSchema),
  z
    .string()
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "options are not JSON" });
        return z.NEVER;
      }
    })
    .pipe(z.array(optionSchema)),
]);

const questionSchema = z
  .object({ id, statement: z.string(), options: optionsSchema, selected: id.nullish() })
  .passthrough()
  .transform((question) => ({
    id: question.id,
    statement: question.statement,
    options: question.options.map((option) => ({ id: option.id, text: option.option })),
    selected: question.selected ?? null,
  }));

const diagnoseReply = z
  .object({
    diagnose: z
      .object({
        id,
        name: z.string().nullish(),
        questionnaire: z.object({ questions: z.array(questionSchema) }).passthrough(),
      })
      .passthrough(),
  })
  .transform(({ diagnose }) => ({ id: diagnose.id, name: diagnose.name ?? "", questions: diagnose.questionnaire.questions }));

/** `GET /diagnose`: the placement questionnaire, with the last answers selected. */
export function getDiagnose(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/diagnose",
    schema: diagnoseReply,
  });
}

/** `POST /diagnose/save_user_diagnose`: every answer, as JSON text in `more_data`. */
export function saveUserDiagnose(
  ctx: LegacyContext,
  diagnosisId: number,
  answers: Array<{ questionId: number; answer: number }>,
) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/diagnose/save_user_diagnose",
    body: {
      diagnosis_id: diagnosisId,
      more_data: JSON.stringify(answers.map((answer) => ({ question_id: answer.questionId, answer: answer.answer }))),
    },
    schema: messageSchema,
  });
}
