import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { requireUser } from "~/infra/auth.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { stepMeta } from "~/lib/onboarding-steps";

export const meta = stepMeta("loader");

/** Spec §2/§9: the user splash fills its bar in about 3 s (+0.1 % every 3 ms), then home. */
const FILL_SECONDS = 3;

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await requireUser(request);
  return { name: session.user.firstName || session.user.fullName };
}

export default function UserLoader() {
  const { name } = useLoaderData<typeof loader>();
  const { t } = useTranslation("onboarding");
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setTimeout(() => navigate("/", { replace: true }), FILL_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <div className="user-loader stack">
      {/* Without JavaScript the page itself moves on when the bar is full. */}
      <noscript>
        <meta httpEquiv="refresh" content={`${FILL_SECONDS};url=/`} />
      </noscript>
      <h1>{t("loader.greeting", { name })}</h1>
      <p>{t("loader.text")}</p>
      <div
        className="user-loader-bar"
        role="progressbar"
        aria-label={t("loader.progress")}
        style={{ "--fill-seconds": `${FILL_SECONDS}s` } as React.CSSProperties}
      >
        <span />
      </div>
      <Link to="/" replace className="button">
        {t("loader.continue")}
      </Link>
    </div>
  );
}
