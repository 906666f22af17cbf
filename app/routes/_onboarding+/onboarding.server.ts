import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { requireUser } from "~/infra/auth.server";
import { legacyErrorReply } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import { redirectWithToast } from "~/infra/toast.server";
import { getTrainingTopics, getTrainingTypeContents } from "~/legacy/general.server";
import { type OnboardingChoice, saveOnboardingChoice } from "~/legacy/user.server";
import { choicesSchema } from "~/lib/forms/onboarding";

/** The two choice steps of onboarding (topics, content types): read with the selection, save, go on. */
const catalogues = { training_topics: getTrainingTopics, training_type_contents: getTrainingTypeContents };

export async function choicesLoader(request: Request, choice: OnboardingChoice) {
  const { ctx } = await requireUser(request);
  return { items: await catalogues[choice](ctx), constraint: getZodConstraint(choicesSchema) };
}

export async function choicesAction(request: Request, choice: OnboardingChoice, next: string) {
  const { ctx } = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: choicesSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const t = await getFixedT(request);
  try {
    const reply = await saveOnboardingChoice(ctx, choice, submission.value.ids);
    return await redirectWithToast(next, { type: "success", message: reply.message || t("server:onboarding.profile.saved") });
  } catch (error) {
    return data(
      { result: legacyErrorReply(error, submission.reply, t, request, { fields: { [choice]: "ids" } }) },
      { status: 400 },
    );
  }
}
