import { describe, expect, it } from "vitest";
import { context, dataOf, get, post, signedInCookie, withLegacy } from "./helpers";

withLegacy();

describe("ranking loader", () => {
  it("gives a learner at 11+ their own row, and a leader in the top 10 none", async () => {
    const { loader } = await import("~/routes/_app+/ranking");
    const learner = dataOf(await loader({ request: get("/ranking", await signedInCookie()), params: {}, context }));
    expect(learner.top).toHaveLength(10);
    expect(learner.top[0]?.points).toMatch(/ pts\.$/);
    expect(learner.own?.ranking).toBeGreaterThanOrEqual(11);
    const leader = dataOf(
      await loader({ request: get("/ranking", await signedInCookie("carlos.ruiz@academia.test")), params: {}, context }),
    );
    expect(leader.own).toBeNull();
    expect(leader.top.some((row) => row.isMe)).toBe(true);
  });
});

describe("Avance loader", () => {
  it("shows two routes, four profile bars and the evaluations", async () => {
    const { loader } = await import("~/routes/_app+/achievements");
    const data = dataOf(
      await loader({ request: get("/achievements", await signedInCookie("carlos.ruiz@academia.test")), params: {}, context }),
    );
    expect(data.routes).toHaveLength(2);
    expect(data.myProgress).toHaveLength(4);
    expect(data.leaderEvaluation).toBe("completed");
    expect(data.leaderEvaluationScore).toBe(9);
  });
});

describe("trivia", () => {
  it("refuses missing answers, then scores a full answer set", async () => {
    const cookie = await signedInCookie();
    const list = await import("~/routes/_app+/trivia+/_index");
    const { games } = dataOf(await list.loader({ request: get("/trivia", cookie), params: {}, context }));
    const id = String(games[0]?.id);
    const page = await import("~/routes/_app+/trivia+/$id");
    const { game } = dataOf(await page.loader({ request: get(`/trivia/${id}`, cookie), params: { id }, context }));
    if (!game) throw new Error(`no trivia game ${id}`);
    const partial = dataOf(await page.action({ request: post(`/trivia/${id}`, {}, cookie), params: { id }, context }));
    expect(partial.missing).toHaveLength(game.questions.length);
    const answers = Object.fromEntries(
      game.questions.map((question) => [`answer-${question.id}`, String(question.options[0]?.id)]),
    );
    // An option of no question, or of another question, is no answer.
    const [first, second] = game.questions;
    if (!first || !second) throw new Error(`trivia game ${id} has fewer than two questions`);
    const wrong = { ...answers, [`answer-${first.id}`]: "999999", [`answer-${second.id}`]: String(first.options[0]?.id) };
    const refused = dataOf(await page.action({ request: post(`/trivia/${id}`, wrong, cookie), params: { id }, context }));
    expect(refused.missing).toEqual([first.id, second.id]);
    expect(refused.result).toBeNull();
    const scored = dataOf(await page.action({ request: post(`/trivia/${id}`, answers, cookie), params: { id }, context }));
    expect(scored.result?.total).toBe(game.questions.length);
    expect(scored.result?.points).toMatch(/ pts\.$/);
    // What the result shows comes with it: the page's reload of the questions after the action may fail.
    expect(scored.result?.title).toBe(game.title);
    expect(scored.result?.review.map((question) => question.text)).toEqual(game.questions.map((question) => question.text));
    for (const question of scored.result?.review ?? []) {
      const options = game.questions.find((candidate) => candidate.id === question.id)?.options.map((option) => option.text);
      expect(question.correct || options?.includes(question.answer)).toBe(true);
    }
  });
});
