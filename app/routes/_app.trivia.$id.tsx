import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { SubmitButton } from "~/components/forms";
import { SectionPage } from "~/components/section-page";
import { formatPoints } from "~/domain/numbers";
import { requireUser } from "~/lib/auth.server";
import { getFixedT } from "~/lib/i18next.server";
import { LegacyError, type LegacyContext } from "~/lib/legacy/request.server";
import { checkTriviaGame, getTriviaGames } from "~/lib/legacy/trivia.server";
import { useHydrated } from "~/lib/use-hydrated";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Academia · ${data?.game.title ?? "Trivia"}` }];

async function findGame(ctx: LegacyContext, id: string | undefined) {
  const game = (await getTriviaGames(ctx)).find((candidate) => String(candidate.id) === id);
  if (!game) throw redirect("/trivia");
  return game;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const game = await findGame(ctx, params.id);
  return { game: { id: game.id, title: game.title, description: game.description, questions: game.questions } };
}

/** Scores the answers on the legacy API; every question must be answered (the server decides). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request);
  const game = await findGame(ctx, params.id);
  const form = await request.formData();
  const answers = game.questions.map((question) => ({ questionId: question.id, optionId: Number(form.get(`q-${question.id}`)) }));
  const missing = answers.filter((answer) => !game.questions.find((q) => q.id === answer.questionId)?.options.some((o) => o.id === answer.optionId));
  const t = await getFixedT(request);
  const chosen = Object.fromEntries(answers.map((answer) => [answer.questionId, answer.optionId]));
  if (missing.length > 0) {
    return data({ result: null, chosen, missing: missing.map((answer) => answer.questionId), error: t("validation.required") }, { status: 400 });
  }
  try {
    const result = await checkTriviaGame(ctx, { triviaGameId: game.id, answers });
    return { result: { ...result, pointsEarned: formatPoints(result.pointsEarned, ctx.locale), points: formatPoints(result.points, ctx.locale) }, chosen, missing: [], error: null };
  } catch (error) {
    if (!(error instanceof LegacyError)) throw error;
    const message = error.kind === "unavailable" ? t("errors.generic") : error.serverMessage || t("errors.generic");
    return data({ result: null, chosen, missing: [], error: message }, { status: 400 });
  }
}

export default function TriviaGame() {
  const { game } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("engagement");
  if (actionData?.result) {
    const { result } = actionData;
    return (
      <SectionPage title={game.title}>
        <div className="card trivia-result" role="status">
          <p className="trivia-score">{t("trivia.score", { correct: result.correct, total: result.total })}</p>
          <p>{t("trivia.earned", { points: result.pointsEarned })}</p>
          <p>{t("trivia.total", { points: result.points })}</p>
        </div>
        <ol className="trivia-review">
          {game.questions.map((question) => {
            const outcome = result.results.find((item) => item.questionId === question.id);
            const right = question.options.find((option) => option.id === outcome?.correctOptionId);
            return (
              <li key={question.id} data-correct={outcome?.correct ?? false}>
                <strong>{question.text}</strong>
                <span> {outcome?.correct ? t("trivia.right") : t("trivia.wrong", { answer: right?.text ?? "" })}</span>
              </li>
            );
          })}
        </ol>
        <p>
          <Link to="/trivia" className="button">
            {t("trivia.back")}
          </Link>
        </p>
      </SectionPage>
    );
  }
  return <TriviaForm key={JSON.stringify(actionData?.chosen ?? {})} game={game} chosen={actionData?.chosen ?? {}} missing={actionData?.missing ?? []} error={actionData?.error ?? null} />;
}

type Game = ReturnType<typeof useLoaderData<typeof loader>>["game"];

/** One question at a time with JavaScript (Regresar / Continuar / Finalizar); all at once without. */
function TriviaForm({ game, chosen, missing, error }: { game: Game; chosen: Record<string, number>; missing: number[]; error: string | null }) {
  const { t } = useTranslation("engagement");
  const hydrated = useHydrated();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Record<string, number>>(chosen);
  const last = game.questions.length - 1;
  const current = game.questions[step];
  return (
    <SectionPage title={game.title}>
      {game.description ? <p>{game.description}</p> : null}
      <Form method="post" className="stack trivia-form">
        {game.questions.map((question, index) => (
          <fieldset key={question.id} className="card trivia-question" hidden={hydrated && index !== step} aria-invalid={missing.includes(question.id)}>
            <legend>
              <span className="trivia-step">{t("trivia.step", { n: index + 1, total: game.questions.length })}</span>
              {question.text}
            </legend>
            {question.options.map((option) => (
              <label key={option.id} className="trivia-option">
                <input
                  type="radio"
                  name={`q-${question.id}`}
                  value={option.id}
                  defaultChecked={chosen[question.id] === option.id}
                  onChange={() => setAnswers((previous) => ({ ...previous, [question.id]: option.id }))}
                />
                {option.text}
              </label>
            ))}
            {missing.includes(question.id) ? <p className="field-error">{error}</p> : null}
          </fieldset>
        ))}
        {error && missing.length === 0 ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {hydrated && current ? (
          <div className="button-row">
            <button type="button" className="button" disabled={step === 0} onClick={() => setStep((value) => value - 1)}>
              {t("trivia.previous")}
            </button>
            {step < last ? (
              <button type="button" className="button button-primary" disabled={!answers[current.id]} onClick={() => setStep((value) => value + 1)}>
                {t("trivia.next")}
              </button>
            ) : (
              <SubmitButton>{t("trivia.finish")}</SubmitButton>
            )}
          </div>
        ) : (
          <SubmitButton>{t("trivia.finish")}</SubmitButton>
        )}
      </Form>
    </SectionPage>
  );
}
