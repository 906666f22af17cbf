import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { isLng } from "~/i18n";
import { translatorFor } from "~/infra/language.server";
import { SERVER_ONLY } from "~/lib/i18n/namespaces";

/**
 * One namespace's strings for a client-side navigation (decision 038, app/lib/i18n/load-strings).
 * Asked under the current version, cached for good; under another (a page older than this
 * deployment), answered but not cached. The server's own strings are not served.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const language = params.lng;
  if (!isLng(language)) throw data(null, { status: 404 });
  const translator = translatorFor(language);
  const namespace = params.ns ?? "";
  const known = Object.prototype.hasOwnProperty.call(translator.resources, namespace);
  if (!known || (SERVER_ONLY as readonly string[]).includes(namespace)) throw data(null, { status: 404 });
  const current = new URL(request.url).searchParams.get("v") === translator.version;
  return new Response(JSON.stringify(translator.resources[namespace]), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
