import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChoicesStep } from "~/components/onboarding-choices";
import { stepMeta } from "~/lib/onboarding-steps";
import { choicesAction, choicesLoader } from "./onboarding.server";

export const meta = stepMeta("topics");

/** Topics of interest (spec §2 'Onboarding'): Regresar to certifications, Continuar to content types. */
export const loader = ({ request }: LoaderFunctionArgs) => choicesLoader(request, "training_topics");
export const action = ({ request }: ActionFunctionArgs) => choicesAction(request, "training_topics", "/select_content_type");

export default function SelectTopics() {
  const { items, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ChoicesStep step="topics" items={items} constraint={constraint} lastResult={actionData?.result} />;
}
