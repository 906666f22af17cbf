import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readSession } from "~/infra/session.server";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";

export const handle = { i18n: ["accessibility"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

/**
 * The accessibility statement (issue #7): public, linked from the footer of both layouts, so it
 * opens for guests and signed-in users alike; only the way to report a barrier differs.
 */
export const meta = pageTitle("accessibility:title");

export async function loader({ request }: LoaderFunctionArgs) {
  return { signedIn: (await readSession(request)) !== null };
}

export default function AccessibilityStatement() {
  const { signedIn } = useLoaderData<typeof loader>();
  const { t } = useTranslation("accessibility");
  const list = (key: "tested" | "gaps") => t(key, { returnObjects: true }) as string[];
  return (
    <main id="main" className="page page-narrow guest-article">
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      <h2>{t("targetTitle")}</h2>
      <p>{t("target")}</p>
      <h2>{t("testedTitle")}</h2>
      <ul>
        {list("tested").map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <h2>{t("gapsTitle")}</h2>
      <ul>
        {list("gaps").map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <h2>{t("contactTitle")}</h2>
      <p>{t("contact")}</p>
      <p>
        {signedIn ? (
          <Link to="/support/new" className="button">
            {t("supportLink")}
          </Link>
        ) : (
          <Link to="/contact" className="button">
            {t("contactLink")}
          </Link>
        )}
      </p>
      <p>
        <small>{t("updated")}</small>
      </p>
    </main>
  );
}
