import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { GuestHeader } from "~/components/guest-header";
import { requireUser } from "~/infra/auth.server";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";

export const handle = { i18n: ["onboarding"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

/**
 * The onboarding steps of spec §2 (questionnaire, certifications, topics, content types, profile,
 * loader): signed in, but in the plain guest-like layout, without the app's navigation.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function OnboardingLayout() {
  return (
    <div className="onboarding-layout">
      <GuestHeader home="/" />
      <main id="main" className="page page-narrow onboarding">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
