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
 * For the routes without params of a page with the contact footer (root, the app's and home's
 * layouts): a comment sent changes nothing they load, and a reload that failed (the legacy API
 * down) would put the error page in place of the footer and what was typed in it (issue #29 item
 * 5): its reply, the notice or the error, shows at the form. Otherwise as React Router decides for
 * a route without params: after any other action, or on `revalidate()`, the same URL or a new
 * query, yes; on a navigation below it, no. (With single fetch `defaultShouldRevalidate` is always
 * true once a route has this function, which would reload the layouts on every navigation.)
 */
export const notAfterContact: ShouldRevalidateFunction = ({ formAction, formMethod, currentUrl, nextUrl }) => {
  if (formAction === CONTACT_FORM_ACTION) return false;
  if (formMethod && formMethod.toUpperCase() !== "GET") return true;
  return currentUrl.href === nextUrl.href || currentUrl.search !== nextUrl.search;
};
