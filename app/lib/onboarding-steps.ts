import { titleMeta } from "./page-title";

/** The onboarding steps of spec §2, by their locale key; the layout loader translates their titles. */
export const onboardingSteps = ["questionnaire", "certifications", "certification", "topics", "contentTypes", "profile", "loader"] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

/** A step's document title, in the learner's language (read from the onboarding layout's data). */
export function stepMeta(step: OnboardingStep) {
  return titleMeta("routes/_onboarding", (data) => (data as { titles?: Partial<Record<OnboardingStep, string>> } | undefined)?.titles?.[step]);
}
