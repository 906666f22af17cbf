import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChoicesStep } from "~/components/onboarding-choices";
import { stepMeta } from "~/lib/onboarding-steps";
import { choicesAction, choicesLoader } from "./onboarding.server";

export const meta = stepMeta("contentTypes");

/** Content types (spec §2 'Onboarding'): Regresar to topics, Continuar to the profile update. */
export const loader = ({ request }: LoaderFunctionArgs) => choicesLoader(request, "training_type_contents");
export const action = ({ request }: ActionFunctionArgs) => choicesAction(request, "training_type_contents", "/update_profile");

export default function SelectContentTypes() {
  const { items, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ChoicesStep step="contentTypes" items={items} constraint={constraint} lastResult={actionData?.result} />;
}
