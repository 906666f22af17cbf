import type { SubmissionResult } from "@conform-to/react";
import { type Authed, requireUser } from "~/infra/auth.server";
import { legacyErrorReply } from "~/infra/form-errors.server";
import { LegacyError } from "~/legacy/request.server";
import type { AnyAppT } from "~/lib/i18n/keys";

/**
 * The leader area (spec §2 'Leader auditor profile') rests on proposed legacy extensions
 * (docs/legacy-api-extensions.md). An upstream without them answers 404 or 405: the feature is then
 * 'Próximamente', not an error.
 */
function isMissingExtension(error: unknown): boolean {
  return error instanceof LegacyError && error.kind === "unavailable" && (error.status === 404 || error.status === 405);
}

const notFound = () => new Response("Not Found", { status: 404 });

/** Leaders only (spec §6): anyone else gets the 404 page, as if the area did not exist. */
export async function requireLeader(request: Request): Promise<Authed> {
  const authed = await requireUser(request);
  if (!authed.session.user.isLeader) throw notFound();
  return authed;
}

/**
 * A leader call for a loader: `null` when the upstream lacks the extension; a 403 (the upstream no
 * longer sees a leader) is the same 404 as for a learner.
 */
export async function unlessMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isMissingExtension(error)) return null;
    if (error instanceof LegacyError && error.status === 403) throw notFound();
    throw error;
  }
}

/** `legacyErrorReply` for the leader forms: a missing extension reads 'Próximamente'. */
export function leaderErrorReply<T>(
  error: unknown,
  reply: Parameters<typeof legacyErrorReply<T>>[1],
  t: AnyAppT,
  request: Request,
): SubmissionResult<T> {
  if (isMissingExtension(error)) return reply({ formErrors: [t("leader:comingSoon")] });
  if (error instanceof LegacyError && error.status === 403) throw notFound();
  return legacyErrorReply(error, reply, t, request);
}
