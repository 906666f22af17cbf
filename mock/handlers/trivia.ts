import type { HttpHandler } from "msw";
import { json, readBody, routes, type UserCall } from "../http";
import { t } from "../i18n";
import { type MockContext, nextId, now } from "../store";
import type { TriviaGameRecord } from "../types";
import { int, list, rejectField, validate } from "../validation";
import { pathOf } from "../views";

/** Each question answered exactly once with one of its own options, or a 422 on `answers`. */
function chosenOptions(call: UserCall, game: TriviaGameRecord, answers: unknown[]): Map<number, number> {
  const chosen = new Map<number, number>();
  for (const answer of answers) {
    const { question_id: questionId, option_id: optionId } = (answer ?? {}) as Record<string, unknown>;
    const question = game.questions.find((item) => item.id === Number(questionId));
    if (!question || chosen.has(question.id) || !question.options.some((option) => option.id === Number(optionId))) {
      rejectField(call.locale, "answers", t(call.locale, "invalid"));
    }
    chosen.set(question.id, Number(optionId));
  }
  if (chosen.size !== game.questions.length) rejectField(call.locale, "answers", t(call.locale, "unanswered"));
  return chosen;
}

/** Records the play; points are paid only for correct answers beyond the previous best. */
function recordPlay(call: UserCall, game: TriviaGameRecord, correct: number): number {
  const { state, user } = call;
  const total = game.questions.length;
  const previous = state.trivia_results.find((item) => item.user_id === user.id && item.trivia_game_id === game.id);
  const earned = Math.max(0, correct - (previous?.best_correct ?? 0)) * game.points_per_answer;
  if (previous) {
    Object.assign(previous, {
      correct,
      total,
      best_correct: Math.max(previous.best_correct, correct),
      played_at: now(),
    });
  } else {
    state.trivia_results.push({
      id: nextId(state.trivia_results),
      user_id: user.id,
      trivia_game_id: game.id,
      correct,
      total,
      best_correct: correct,
      played_at: now(),
    });
  }
  user.points += earned;
  return earned;
}

/** Trivia games: `GET /trivia_games` (no answers in it) and `POST /check_trivia_game`. */
export function triviaHandlers(ctx: MockContext): HttpHandler[] {
  const { get, post } = routes(ctx);
  return [
    get("/trivia_games", ({ state, user }) =>
      json({
        trivia_games: state.catalogue.trivia_games.map((game) => {
          const result = state.trivia_results.find((item) => item.user_id === user.id && item.trivia_game_id === game.id);
          return {
            id: game.id,
            title: game.title,
            description: game.description,
            points_per_answer: game.points_per_answer,
            total_points: game.points_per_answer * game.questions.length,
            media_cover: pathOf(ctx, game.cover),
            questions: game.questions.map((question) => ({
              id: question.id,
              question: question.question,
              options: question.options,
            })),
            played: Boolean(result),
            best_score: result ? { correct: result.best_correct, total: result.total } : null,
          };
        }),
      }),
    ),

    post("/check_trivia_game", async (call) => {
      const input = validate(
        await readBody(call),
        { trivia_game_id: "required|integer|min:1", answers: "required|array" },
        call.locale,
      );
      const game = call.state.catalogue.trivia_games.find((item) => item.id === int(input.trivia_game_id));
      if (!game) return rejectField(call.locale, "trivia_game_id", t(call.locale, "invalid"));
      const chosen = chosenOptions(call, game, list(input.answers));
      const results = game.questions.map((question) => ({
        question_id: question.id,
        option_id: chosen.get(question.id) ?? null,
        correct_option_id: question.correct_option_id,
        correct: chosen.get(question.id) === question.correct_option_id,
      }));
      const correct = results.filter((result) => result.correct).length;
      const pointsEarned = recordPlay(call, game, correct);
      return json({
        correct,
        total: game.questions.length,
        points_earned: pointsEarned,
        points: call.user.points,
        results,
      });
    }),
  ];
}
