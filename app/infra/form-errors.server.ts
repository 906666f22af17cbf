import type { SubmissionResult } from "@conform-to/react";
import { LegacyError, type LegacyContext } from "~/legacy/request.server";
import type { AnyAppT } from "~/lib/i18n/keys";
import { requestIdOf } from "./request-id.server";

/**
 * Turns a legacy failure into a conform reply (spec §8): field `errors` under their fields, the
 * server's message for 401/402, the generic 'Ups algo salio mal' and the request id for anything
 * unreadable.
 */
export function legacyErrorReply<T>(
  error: unknown,
  reply: (options: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }) => SubmissionResult<T>,
  t: AnyAppT,
  request: Request,
  options: { fields?: Record<string, string>; hideFields?: string[] } = {},
): SubmissionResult<T> {
  if (!(error instanceof LegacyError)) throw error;
  if (error.kind === "invalid") {
    const fieldErrors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const name = options.fields?.[field] ?? field;
      fieldErrors[name] = messages;
    }
    const known = Object.keys(fieldErrors).length > 0;
    return reply({
      fieldErrors,
      formErrors: known ? [] : userMessage(error, t, request),
      hideFields: options.hideFields,
    });
  }
  return reply({ formErrors: userMessage(error, t, request), hideFields: options.hideFields });
}

/**
 * The one rule for what the user reads when a legacy call failed (spec §8): the field's own error
 * when `field` is given, else the server's message (401, 402, 422) if it sent one, else `generic`
 * ('Ups algo salio mal' by default) followed by the request id.
 */
export function userMessage(
  error: unknown,
  t: AnyAppT,
  request: Request,
  options: { field?: string; generic?: string } = {},
): string[] {
  if (!(error instanceof LegacyError)) throw error;
  const fieldError = options.field ? error.fieldErrors[options.field]?.[0] : undefined;
  if (fieldError) return [fieldError];
  if (error.kind !== "unavailable" && error.serverMessage) return [error.serverMessage];
  return [options.generic ?? t("common:errors.generic"), t("common:errors.requestId", { id: requestIdOf(request) })];
}

/**
 * A legacy call the page can do without: any legacy failure gives `fallback` instead of the error
 * page (a 401 still ends the session). The header's points and counts use it (issue #12, #13).
 */
export async function withFallback<T, F>(
  ctx: LegacyContext,
  call: (ctx: LegacyContext) => Promise<T>,
  fallback: F,
): Promise<T | F> {
  try {
    return await call({ ...ctx, onUnavailable: undefined });
  } catch (error) {
    if (error instanceof LegacyError) return fallback;
    throw error;
  }
}

/**
 * Whether a loader runs after an action in the same document request (a form posted without
 * JavaScript): Remix hands the loaders a GET copy of the POST with its headers, and of the two
 * only the submission carries a Content-Type.
 */
function afterAction(request: Request): boolean {
  return !(request.method === "GET" || request.method === "HEAD") || request.headers.has("Content-Type");
}

/**
 * A loader's call for data a form needs. On a page load a failure stays the error page; after an
 * action it gives `fallback`, so the form comes back with what was typed and the action's message
 * rather than the error page.
 */
export function unlessAfterAction<T, F>(
  request: Request,
  ctx: LegacyContext,
  call: (ctx: LegacyContext) => Promise<T>,
  fallback: F,
): Promise<T | F> {
  return afterAction(request) ? withFallback(ctx, call, fallback) : call(ctx);
}
