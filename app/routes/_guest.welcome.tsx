import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { authenticator, requireGuest, signIn, SsoFailed } from "~/lib/auth.server";
import { retryAfter, takeAttempt } from "~/lib/rate-limit.server";
import { destroySession } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Academia" }];

/**
 * The guest landing and the SSO hand-off: a query of encrypted values signs the visitor in on
 * the server (any session they had is replaced), or shows one uniform error.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.search.length > 1) {
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

export default function Welcome() {
  const { ssoFailed, tooMany } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main id="main" className="page page-narrow welcome-page">
      <h1>{t("welcome.title")}</h1>
      <p>{t("welcome.intro")}</p>
      {ssoFailed ? (
        <p className="form-error" role="alert">
          {t("welcome.ssoFailed")}
        </p>
      ) : null}
      {tooMany ? (
        <p className="form-error" role="alert">
          {t("errors.tooMany")}
        </p>
      ) : null}
      <p>
        <Link to="/login" className="button button-primary">
          {t("welcome.login")}
        </Link>
      </p>
    </main>
  );
}
