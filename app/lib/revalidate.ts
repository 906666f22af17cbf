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

/** Where the contact footer posts (routes/contact-form). */
export const CONTACT_FORM_ACTION = "/contact-form";

/**
 * For the routes of a page with the contact footer: a comment sent changes nothing they load, and
 * a reload that failed (the legacy API down) would put the error page in place of the footer and
 * what was typed in it (issue #29 item 5): its reply, the notice or the error, shows at the form.
 */
export const notAfterContact: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === CONTACT_FORM_ACTION ? false : defaultShouldRevalidate;
