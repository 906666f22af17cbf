import type { MetaFunction } from "@remix-run/node";

/** The onboarding steps of spec §2, by their locale key; the layout loader translates their titles. */
export const onboardingSteps = ["questionnaire", "certifications", "certification", "topics", "contentTypes", "profile", "loader"] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

/** A step's document title, in the learner's language (read from the onboarding layout's data). */
export function stepMeta(step: OnboardingStep): MetaFunction {
  return ({ matches }) => {
    const layout = matches.find((match) => match.id === "routes/_onboarding")?.data as
      | { titles?: Partial<Record<OnboardingStep, string>> }
      | undefined;
    return [{ title: `Academia · ${layout?.titles?.[step] ?? ""}` }];
  };
}
