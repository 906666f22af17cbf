import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * For the routes a multi-step form sits in: after a step that writes nothing upstream (the action's
 * reply has one of these `step`s) nothing needs reloading, and a reload that failed would put the
 * error page in place of the form and what was typed in it (issue #12).
 */
export function notAfterSteps(...steps: string[]): ShouldRevalidateFunction {
  return ({ actionResult, defaultShouldRevalidate }) => {
    const step: unknown =
      actionResult && typeof actionResult === "object" && "step" in actionResult ? actionResult.step : undefined;
    return typeof step === "string" && steps.includes(step) ? false : defaultShouldRevalidate;
  };
}
