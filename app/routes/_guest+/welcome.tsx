import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { authenticator, requireGuest, signIn, SsoFailed } from "~/infra/auth.server";
import { refusalHeaders, retryAfter, takeAttempt } from "~/infra/rate-limit.server";
import { startedByAnotherSite, assertSameOrigin } from "~/infra/same-origin.server";
import { destroySession, readSession } from "~/infra/session.server";
import { useTranslation } from "~/lib/i18n/use-translation";

export const meta: MetaFunction = () => [{ title: "Academia" }];
/** A refusal's Retry-After reaches the browser (a form posted without JavaScript included). */
export const headers = refusalHeaders;

/** A query as a URL carries it: what the confirmation hands back to the hand-off, unchanged. */
const QUERY = /^[\w%+/=&.~-]{1,4000}$/;

/**
 * The guest landing and the SSO hand-off: a query of encrypted values signs the visitor in on
 * the server (any session they had is replaced), or shows one uniform error. A signed-in visitor
 * sent here by another site is asked first: someone's own valid link would otherwise switch them
 * into that someone's account (login CSRF).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.search.length > 1) {
    const session = await readSession(request);
    if (session && startedByAnotherSite(request)) {
      const confirm = { name: session.user.firstName || session.user.fullName, query: url.search.slice(1) };
      return data({ confirm }, { headers: { "Cache-Control": "no-store" } });
    }
    const attempt = await takeAttempt(request, "sso");
    if (attempt.blockedFor) {
      return data({ ssoFailed: false, tooMany: true }, { status: 429, headers: retryAfter(attempt.blockedFor) });
    }
    try {
      const result = await authenticator.authenticate("sso", request);
      await attempt.refund();
      return await signIn(request, result);
    } catch (error) {
      if (!(error instanceof SsoFailed)) {
        await attempt.refund();
        throw error;
      }
      return data(
        { ssoFailed: true, tooMany: false },
        { status: 400, headers: { "Set-Cookie": await destroySession(), "Cache-Control": "no-store" } },
      );
    }
  }
  await requireGuest(request);
  return { ssoFailed: false, tooMany: false };
}

/**
 * The confirmation's button: back to the hand-off, now from the app's own page (the browser
 * marks the redirected request same-origin, and its Referer is this page).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const query = (await request.formData()).get("sso");
  if (typeof query !== "string" || !QUERY.test(query)) return redirect("/welcome", 303);
  return redirect(`/welcome?${query}`, 303);
}

export default function Welcome() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if ("confirm" in loaded) {
    const { confirm } = loaded;
    return (
      <main id="main" className="page page-narrow welcome-page">
        <h1>{t("guest:welcome.switchTitle")}</h1>
        <p>{t("guest:welcome.switchIntro", { name: confirm.name })}</p>
        <p>
          <Link to="/" className="button button-primary">
            {t("guest:welcome.continueAs", { name: confirm.name })}
          </Link>
        </p>
        <form method="post" action="/welcome">
          <input type="hidden" name="sso" value={confirm.query} />
          <button type="submit" className="button button-small">
            {t("guest:welcome.useLink")}
          </button>
        </form>
      </main>
    );
  }
  const { ssoFailed, tooMany } = loaded;
  return (
    <main id="main" className="page page-narrow welcome-page">
      <h1>{t("guest:welcome.title")}</h1>
      <p>{t("guest:welcome.intro")}</p>
      {ssoFailed ? (
        <p className="form-error" role="alert">
          {t("guest:welcome.ssoFailed")}
        </p>
      ) : null}
      {tooMany ? (
        <p className="form-error" role="alert">
          {t("errors.tooMany")}
        </p>
      ) : null}
      <p>
        <Link to="/login" className="button button-primary">
          {t("guest:welcome.login")}
        </Link>
      </p>
    </main>
  );
}
