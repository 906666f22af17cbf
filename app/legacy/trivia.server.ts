import { z } from "zod/v4";
import { type LegacyContext, legacyRequest } from "./request.server";
import { count, flag, fullPath, id, mediaPath, text } from "./schemas/common.server";

const gameSchema = z
  .object({
    id,
    title: z.string(),
    description: text,
    points_per_answer: count,
    total_points: count,
    media_cover: mediaPath,
    questions: z.array(
      z
        .object({
          id,
          question: z.string(),
          options: z.array(z.object({ id, option: z.string() }).passthrough()),
        })
        .passthrough(),
    ),
    played: flag,
    best_score: z.object({ correct: z.coerce.number(), total: z.coerce.number() }).nullish(),
  })
  .passthrough()
  .transform((game) => ({
    id: game.id,
    title: game.title,
    description: game.description,
    pointsPerAnswer: game.points_per_answer,
    totalPoints: game.total_points,
    coverUrl: fullPath(game.media_cover),
    questions: game.questions.map((question) => ({
      id: question.id,
      text: question.question,
      options: question.options.map((option) => ({ id: option.id, text: option.option })),
    })),
    played: game.played,
    bestScore: game.best_score ?? null,
  }));

export type TriviaGame = z.output<typeof gameSchema>;

const triviaGamesReply = z.object({ trivia_games: z.array(gameSchema) }).transform((reply) => reply.trivia_games);

/** `GET /trivia_games` (answers are not in it). */
export function getTriviaGames(ctx: LegacyContext) {
  return legacyRequest(ctx, {
    method: "GET",
    path: "/trivia_games",
    schema: triviaGamesReply,
  });
}

const triviaGameReply = z
  .object({
    correct: z.coerce.number(),
    total: z.coerce.number(),
    points_earned: z.coerce.number(),
    points: z.coerce.number(),
    results: z
      .array(z.object({ question_id: id, option_id: id.nullish(), correct_option_id: id, correct: flag }).passthrough())
      .nullish(),
  })
  .passthrough()
  .transform((reply) => ({
    correct: reply.correct,
    total: reply.total,
    pointsEarned: reply.points_earned,
    points: reply.points,
    results: (reply.results ?? []).map((result) => ({
      questionId: result.question_id,
      optionId: result.option_id ?? null,
      correctOptionId: result.correct_option_id,
      correct: result.correct,
    })),
  }));

/** `POST /check_trivia_game`: scores the answers; points are paid only beyond the previous best. */
export function checkTriviaGame(
  ctx: LegacyContext,
  body: { triviaGameId: number; answers: Array<{ questionId: number; optionId: number }> },
) {
  return legacyRequest(ctx, {
    method: "POST",
    path: "/check_trivia_game",
    body: {
      trivia_game_id: body.triviaGameId,
      answers: body.answers.map((answer) => ({ question_id: answer.questionId, option_id: answer.optionId })),
    },
    schema: triviaGameReply,
  });
}
