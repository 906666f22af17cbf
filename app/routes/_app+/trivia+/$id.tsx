import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FormError, SubmitButton } from "~/components/forms";
import { SectionPage } from "~/components/section-page";
import { type Answers, answerField, answersInForm, sentAnswers, validAnswers } from "~/domain/answers";
import { requireUser } from "~/infra/auth.server";
import { userMessage, unlessAfterAction } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import type { LegacyContext } from "~/legacy/request.server";
import { checkTriviaGame, getTriviaGames } from "~/legacy/trivia.server";
import { formatPoints } from "~/lib/format";
import { useHydrated } from "~/lib/hooks";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";

export const handle = { i18n: ["engagement"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

export const meta = pageTitle<typeof loader>((t, data) => data?.game?.title ?? t("engagement:trivia.title"));

async function findGame(ctx: LegacyContext, id: string | undefined) {
  const game = (await getTriviaGames(ctx)).find((candidate) => String(candidate.id) === id);
  if (!game) throw redirect("/trivia");
  return game;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const game = await unlessAfterAction(request, ctx, (upstream) => findGame(upstream, params.id), null);
  if (!game) return { game: null };
  return { game: { id: game.id, title: game.title, description: game.description, questions: game.questions } };
}

/** Scores the answers on the legacy API; every question must be answered (the server decides). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request);
  const [form, t] = await Promise.all([request.formData(), getFixedT(request)]);
  let game: Awaited<ReturnType<typeof findGame>>;
  try {
    game = await findGame(ctx, params.id);
  } catch (error) {
    // The questions could not be read: the answers as sent come back for another try.
    return data(
      { result: null, chosen: sentAnswers(form), missing: [], errors: userMessage(error, t, request) },
      { status: 400 },
    );
  }
  const chosen = validAnswers(game.questions, sentAnswers(form));
  const missing = game.questions.filter((question) => chosen[question.id] === undefined).map((question) => question.id);
  if (missing.length > 0) {
    return data({ result: null, chosen, missing, errors: [t("validation.required")] }, { status: 400 });
  }
  const answers = game.questions.flatMap((question) => {
    const optionId = chosen[question.id];
    return optionId === undefined ? [] : [{ questionId: question.id, optionId }];
  });
  try {
    const result = await checkTriviaGame(ctx, { triviaGameId: game.id, answers });
    // The result carries all it shows: the page's own reload of the questions may fail after the points were paid.
    return {
      result: {
        title: game.title,
        correct: result.correct,
        total: result.total,
        pointsEarned: formatPoints(result.pointsEarned, ctx.locale),
        points: formatPoints(result.points, ctx.locale),
        review: game.questions.map((question) => {
          const outcome = result.results.find((item) => item.questionId === question.id);
          const right = question.options.find((option) => option.id === outcome?.correctOptionId);
          return { id: question.id, text: question.text, correct: outcome?.correct ?? false, answer: right?.text ?? "" };
        }),
      },
      chosen,
      missing: [],
      errors: null,
    };
  } catch (error) {
    return data({ result: null, chosen, missing: [], errors: userMessage(error, t, request) }, { status: 400 });
  }
}

export default function TriviaGame() {
  const { game } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("engagement");
  if (actionData?.result) {
    const { result } = actionData;
    return (
      <SectionPage title={result.title}>
        <div className="card trivia-result" role="status">
          <p className="trivia-score">{t("trivia.score", { correct: result.correct, total: result.total })}</p>
          <p>{t("trivia.earned", { points: result.pointsEarned })}</p>
          <p>{t("trivia.total", { points: result.points })}</p>
        </div>
        <ol className="trivia-review">
          {result.review.map((question) => (
            <li key={question.id} data-correct={question.correct}>
              <strong>{question.text}</strong>
              <span> {question.correct ? t("trivia.right") : t("trivia.wrong", { answer: question.answer })}</span>
            </li>
          ))}
        </ol>
        <p>
          <Link to="/trivia" className="button">
            {t("trivia.back")}
          </Link>
        </p>
      </SectionPage>
    );
  }
  if (!game) return <TriviaRetry chosen={actionData?.chosen ?? {}} errors={actionData?.errors ?? undefined} />;
  return (
    <TriviaForm
      key={JSON.stringify(actionData?.chosen ?? {})}
      game={game}
      chosen={actionData?.chosen ?? {}}
      missing={actionData?.missing ?? []}
      errors={actionData?.errors ?? null}
    />
  );
}

type Game = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["game"]>;

/** Without JavaScript, a failed send whose questions cannot be read again: the answers wait in the form for another try. */
function TriviaRetry({ chosen, errors }: { chosen: Answers; errors?: string[] }) {
  const { t } = useTranslation("engagement");
  return (
    <SectionPage title={t("trivia.title")}>
      <Form method="post" className="stack trivia-form">
        {Object.entries(chosen).map(([question, option]) => (
          <input key={question} type="hidden" name={answerField(Number(question))} value={option} />
        ))}
        <FormError errors={errors} />
        <SubmitButton>{t("trivia.finish")}</SubmitButton>
      </Form>
    </SectionPage>
  );
}

/** One question at a time with JavaScript (Regresar / Continuar / Finalizar); all at once without. */
function TriviaForm({
  game,
  chosen,
  missing,
  errors,
}: {
  game: Game;
  chosen: Answers;
  missing: number[];
  errors: string[] | null;
}) {
  const { t } = useTranslation("engagement");
  const hydrated = useHydrated();
  // A server error opens on the first question it names, not on a hidden one.
  const [step, setStep] = useState(() =>
    Math.max(
      0,
      game.questions.findIndex((question) => missing.includes(question.id)),
    ),
  );
  const [answers, setAnswers] = useState<Answers>(chosen);
  const formRef = useRef<HTMLFormElement>(null);
  // An answer picked before the page's script ran fired no onChange: the form holds it (else 'Continuar' stays off).
  useEffect(() => {
    const picked = answersInForm(formRef.current);
    if (Object.keys(picked).length > 0) setAnswers((previous) => ({ ...previous, ...picked }));
  }, []);
  const last = game.questions.length - 1;
  const current = game.questions[step];
  return (
    <SectionPage title={game.title}>
      {game.description ? <p>{game.description}</p> : null}
      <Form ref={formRef} method="post" className="stack trivia-form">
        {game.questions.map((question, index) => (
          <fieldset
            key={question.id}
            className="card trivia-question"
            hidden={hydrated && index !== step}
            aria-invalid={missing.includes(question.id)}
          >
            <legend>
              <span className="trivia-step">{t("trivia.step", { n: index + 1, total: game.questions.length })}</span>
              {question.text}
            </legend>
            {question.options.map((option) => (
              <label key={option.id} className="trivia-option">
                <input
                  type="radio"
                  name={answerField(question.id)}
                  value={option.id}
                  defaultChecked={chosen[question.id] === option.id}
                  onChange={() => setAnswers((previous) => ({ ...previous, [question.id]: option.id }))}
                />
                {option.text}
              </label>
            ))}
            {missing.includes(question.id) ? <p className="field-error">{errors?.[0]}</p> : null}
          </fieldset>
        ))}
        {missing.length === 0 ? <FormError errors={errors ?? undefined} /> : null}
        {hydrated && current ? (
          <div className="button-row">
            <button type="button" className="button" disabled={step === 0} onClick={() => setStep((value) => value - 1)}>
              {t("trivia.previous")}
            </button>
            {step < last ? (
              <button
                type="button"
                className="button button-primary"
                disabled={!answers[current.id]}
                onClick={() => setStep((value) => value + 1)}
              >
                {t("trivia.next")}
              </button>
            ) : (
              <SubmitButton disabled={!answers[current.id]}>{t("trivia.finish")}</SubmitButton>
            )}
          </div>
        ) : (
          <SubmitButton>{t("trivia.finish")}</SubmitButton>
        )}
      </Form>
    </SectionPage>
  );
}
