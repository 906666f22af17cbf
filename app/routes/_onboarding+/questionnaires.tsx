import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FormError } from "~/components/forms";
import { type Answers, answerField, answersInForm, sentAnswers, validAnswers } from "~/domain/answers";
import { type Intent, move, stepState } from "~/domain/questionnaire";
import { requireUser } from "~/infra/auth.server";
import { userMessage, unlessAfterAction } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import { redirectWithToast } from "~/infra/toast.server";
import { getDiagnose, saveUserDiagnose } from "~/legacy/diagnose.server";
import { useHydrated } from "~/lib/hooks";
import { useTranslation } from "~/lib/i18n/use-translation";
import { stepMeta } from "~/lib/onboarding-steps";

export const meta = stepMeta("questionnaire");

/**
 * The placement questionnaire (spec §2 'Onboarding'): one question at a time. With JavaScript the
 * steps change in the page; without it each button posts and the server answers the next step.
 * Every answer travels in the form, so nothing chosen is lost either way.
 */
const NEXT_STEP = "/certifications";

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  const diagnose = await unlessAfterAction(request, ctx, getDiagnose, null);
  if (!diagnose) return { name: null, questions: null, answers: {} };
  if (diagnose.questions.length === 0) throw redirect(NEXT_STEP);
  const answers: Answers = {};
  for (const question of diagnose.questions) if (question.selected !== null) answers[question.id] = question.selected;
  return { name: diagnose.name, questions: diagnose.questions, answers };
}

const intents: Intent[] = ["back", "next", "finish"];

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request);
  const [form, t] = await Promise.all([request.formData(), getFixedT(request)]);
  const sent = sentAnswers(form.entries());
  const intent = intents.find((candidate) => candidate === form.get("intent")) ?? "next";
  try {
    const diagnose = await getDiagnose(ctx);
    const { questions } = diagnose;
    if (questions.length === 0) return redirect(NEXT_STEP);
    const answers = validAnswers(questions, sent);
    const result = move(questions, Number(form.get("step")), intent, answers);
    if (result.kind === "step") return { step: result.step, answers, errors: null };
    if (result.kind === "unanswered") {
      return data({ step: result.step, answers, errors: [t("server:onboarding.questionnaire.unanswered")] }, { status: 400 });
    }
    const message = await saveUserDiagnose(ctx, diagnose.id, result.answers);
    return await redirectWithToast(NEXT_STEP, {
      type: "success",
      message: message || t("server:onboarding.questionnaire.saved"),
    });
  } catch (error) {
    const errors = userMessage(error, t, request);
    return data({ step: Math.max(0, Math.trunc(Number(form.get("step"))) || 0), answers: sent, errors }, { status: 400 });
  }
}

/** With JavaScript each part has its own history entry, `#parte-N`, so Back, a reload and a language switch keep it. */
const PART_HASH = /^#parte-(\d{1,3})$/;
/** The answers chosen and not yet saved, kept in this tab over a reload or a language switch (issue #29 item 5). */
const ANSWERS_KEY = "academia:questionnaire";

function keptAnswers(): Answers {
  try {
    const kept: unknown = JSON.parse(window.sessionStorage.getItem(ANSWERS_KEY) ?? "{}");
    if (!kept || typeof kept !== "object") return {};
    return Object.fromEntries(Object.entries(kept).filter(([, option]) => typeof option === "number")) as Answers;
  } catch {
    return {};
  }
}

function keepAnswers(answers: Answers) {
  try {
    window.sessionStorage.setItem(ANSWERS_KEY, JSON.stringify(answers));
  } catch {
    // A tab that refuses storage keeps the answers in the page only.
  }
}

function forgetAnswers() {
  try {
    window.sessionStorage.removeItem(ANSWERS_KEY);
  } catch {
    // Nothing was kept.
  }
}

export default function Questionnaire() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("onboarding");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const [step, setStep] = useState(actionData?.step ?? 0);
  const [answers, setAnswers] = useState<Answers>(actionData?.answers ?? loaderData.answers);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!actionData) return;
    setStep(actionData.step);
    setAnswers(actionData.answers);
  }, [actionData]);

  // The answers kept in the tab come back over the legacy API's, and one picked before the page's
  // script ran (it fired no onChange) over both, from the form; each change is kept.
  useEffect(() => {
    const inForm = answersInForm(formRef.current);
    setAnswers((current) => {
      const picked = Object.entries(inForm).filter(([question, option]) => current[Number(question)] !== option);
      return { ...current, ...keptAnswers(), ...Object.fromEntries(picked) };
    });
  }, []);
  useEffect(() => {
    if (hydrated) keepAnswers(answers);
  }, [hydrated, answers]);

  // The part in the address (Back, a reload, a language switch), never past the first one unanswered.
  // Keyed on the location itself: Back before the router has drawn 'Continuar's address comes back to
  // the hash last drawn, and the part must still follow it.
  const { questions: shown } = loaderData;
  useEffect(() => {
    if (!shown || actionData) return;
    const part = Number(PART_HASH.exec(location.hash)?.[1] ?? 1);
    const current = { ...loaderData.answers, ...keptAnswers() };
    const open = shown.findIndex((question) => current[question.id] === undefined);
    setStep(Math.max(0, Math.min(part - 1, open === -1 ? shown.length - 1 : open)));
  }, [location, shown, loaderData.answers, actionData]);

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = true;
  }, [step]);

  const { questions } = loaderData;
  if (!questions) return <QuestionnaireRetry step={step} answers={answers} errors={actionData?.errors ?? undefined} />;
  const state = stepState(questions, step, answers);
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const go = (intent: Intent) => (event: React.MouseEvent) => {
    if (!hydrated) return;
    // Sent now: the answers go with the form, none is kept in the tab for whoever comes next.
    if (intent === "finish") return forgetAnswers();
    event.preventDefault();
    const result = move(questions, step, intent, answers);
    if (result.kind === "done") return;
    setStep(result.step);
    if (result.step !== step) navigate(`#parte-${result.step + 1}`, { preventScrollReset: true });
  };

  return (
    <>
      <h1>{t("questionnaire.title")}</h1>
      <Form ref={formRef} method="post" className="stack questionnaire">
        <p className="onboarding-part" ref={headingRef} tabIndex={-1} aria-live="polite">
          {t("questionnaire.part", { part: state.part, total: state.total })}
        </p>
        <input type="hidden" name="step" value={step} />
        {questions.map((question, index) => (
          <fieldset key={question.id} className="question" hidden={index !== step}>
            <legend>{question.statement}</legend>
            {question.options.map((option) => (
              <label key={option.id} className="option">
                <input
                  type="radio"
                  name={answerField(question.id)}
                  value={option.id}
                  checked={answers[question.id] === option.id}
                  onChange={() => setAnswers((current) => ({ ...current, [question.id]: option.id }))}
                />
                <span>{option.text}</span>
              </label>
            ))}
          </fieldset>
        ))}
        <FormError errors={actionData?.errors && actionData.step === step ? actionData.errors : undefined} />
        <div className="button-row onboarding-actions">
          <button
            type="submit"
            name="intent"
            value="back"
            className="button"
            disabled={!state.canGoBack || sending}
            onClick={go("back")}
          >
            {t("questionnaire.back")}
          </button>
          <button
            type="submit"
            name="intent"
            value={state.isLast ? "finish" : "next"}
            className="button button-primary"
            disabled={(hydrated && !state.answered) || sending}
            aria-busy={sending}
            onClick={go(state.isLast ? "finish" : "next")}
          >
            {state.isLast ? t("questionnaire.finish") : t("questionnaire.next")}
          </button>
        </div>
      </Form>
    </>
  );
}

/** Without JavaScript, a failed step whose questions cannot be read again: the answers wait in the form for another try. */
function QuestionnaireRetry({ step, answers, errors }: { step: number; answers: Answers; errors?: string[] }) {
  const { t } = useTranslation("onboarding");
  return (
    <>
      <h1>{t("questionnaire.title")}</h1>
      <Form method="post" className="stack questionnaire">
        <input type="hidden" name="step" value={step} />
        {Object.entries(answers).map(([question, option]) => (
          <input key={question} type="hidden" name={answerField(Number(question))} value={option} />
        ))}
        <FormError errors={errors} />
        <button type="submit" name="intent" value="next" className="button button-primary">
          {t("questionnaire.next")}
        </button>
      </Form>
    </>
  );
}
