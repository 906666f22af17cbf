import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { endSessionAndGo, forgetSession, requireUser } from "~/infra/auth.server";
import { getLocale } from "~/infra/language.server";
import { log } from "~/infra/log.server";
import { requestIdOf } from "~/infra/request-id.server";
import { assertSameOrigin } from "~/infra/same-origin.server";
import { readSession } from "~/infra/session.server";
import { logout } from "~/legacy/auth.server";
import { LegacyError } from "~/legacy/request.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";
import { OutboxSync } from "~/offline/outbox-sync";

export const meta = pageTitle("logout.title");

/**
 * Signing out is a POST, never a side effect of a link: the layout's and the profile's buttons post
 * here in one step; GET (an address typed or bookmarked) shows a one-button page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await requireUser(request);
  return { user: session.user.id };
}

/** Where signing out lands (spec §2, profile: 'Sesión cerrada', then welcome). */
const SIGNED_OUT_AT = "/welcome";

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const session = await readSession(request);
  // Already signed out (a second post: a tap while the page hydrated sends the form twice, or
  // another tab): where signing out lands, not the sign-in page.
  if (!session) return redirect(SIGNED_OUT_AT);
  // Every replica refuses a copy of the cookie at once with Redis, this process without it; the
  // legacy API revokes the token too. A failure there must not keep the user signed in.
  await forgetSession(session);
  const requestId = requestIdOf(request);
  await logout({ locale: await getLocale(request), token: session.token, requestId }).catch((error: unknown) =>
    // Without Redis the cookie then stays usable until it expires if someone copied it (docs/security.md).
    log.warn("legacy logout failed", {
      requestId,
      status: error instanceof LegacyError ? error.status : null,
      kind: error instanceof LegacyError ? error.kind : "error",
    }),
  );
  const response = await endSessionAndGo(SIGNED_OUT_AT, request, "server:common.auth.signedOut");
  // A shared device keeps nothing of this learner (issue #18): saved content, the outbox (sent or
  // discarded by the page before it posts here), drafts, and the service worker.
  response.headers.set("Clear-Site-Data", '"cache", "storage"');
  return response;
}

export default function Logout() {
  const { t } = useTranslation();
  const { user } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="page page-narrow auth-page">
      <h1>{t("logout.title")}</h1>
      <p>{t("logout.question")}</p>
      <Form method="post" className="stack">
        <button type="submit" className="button button-primary">
          {t("logout.submit")}
        </button>
      </Form>
      <OutboxSync user={user} />
      <p>
        <Link to="/">{t("logout.cancel")}</Link>
      </p>
    </main>
  );
}
