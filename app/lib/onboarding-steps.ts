import { pageTitle } from "./page-title";

/** The onboarding steps of spec §2, by their locale key (`onboarding:<step>.title`). */
export const onboardingSteps = [
  "questionnaire",
  "certifications",
  "certification",
  "topics",
  "contentTypes",
  "profile",
  "loader",
] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

/** A step's document title, in the learner's language. */
export function stepMeta(step: OnboardingStep) {
  return pageTitle(`onboarding:${step}.title`);
}
