import type { SubmissionResult } from "@conform-to/react";
import type { TFunction } from "./i18n/translator";
import { LegacyError, type LegacyContext } from "./legacy/request.server";
import { requestIdOf } from "./request-id.server";

/**
 * What a form says when the legacy API failed (spec §8's 'Ups algo salio mal'), followed by the id
 * of the request that failed, as the error page shows it (issue #12).
 */
export function upstreamFailure(t: TFunction, request: Request): string[] {
  return [t("errors.generic"), t("errors.requestId", { id: requestIdOf(request) })];
}

/**
 * Turns a legacy failure into a conform reply (spec §8): field `errors` under their fields, the
 * server's message for 401/402, the generic 'Ups algo salio mal' and the request id for anything
 * unreadable.
 */
export function legacyErrorReply<T>(
  error: unknown,
  reply: (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => SubmissionResult<T>,
  t: TFunction,
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
      formErrors: known ? [] : legacyErrorMessages(error, t, request),
      hideFields: options.hideFields,
    });
  }
  return reply({ formErrors: legacyErrorMessages(error, t, request), hideFields: options.hideFields });
}

/** A legacy failure's form-level message: the server's own (401, 402, 422) if it sent one, else `upstreamFailure`. */
export function legacyErrorMessages(error: unknown, t: TFunction, request: Request): string[] {
  if (!(error instanceof LegacyError)) throw error;
  return error.kind !== "unavailable" && error.serverMessage ? [error.serverMessage] : upstreamFailure(t, request);
}

/**
 * A legacy call the page can do without: any legacy failure gives `fallback` instead of the error
 * page (a 401 still ends the session). The header's points and counts use it (issue #12, #13).
 */
export async function withFallback<T, F>(ctx: LegacyContext, call: (ctx: LegacyContext) => Promise<T>, fallback: F): Promise<T | F> {
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
