import type { LoaderFunctionArgs } from "@remix-run/node";
import { useEffect, useState } from "react";
import { requireUser } from "~/infra/auth.server";
import { formatBytes, formatDate } from "~/lib/format";
import { useHydrated } from "~/lib/hooks";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";
import { type SavedItem, savedItems } from "~/offline/caches";
import { SAVED_CACHE } from "~/offline/names";
import { offlineSupported } from "~/offline/supported";

export const handle = { i18n: ["downloads"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);
export const meta = pageTitle("app.downloads");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

type Listing = { items: SavedItem[]; usage: number | null; quota: number | null };

async function listing(): Promise<Listing> {
  const items = await savedItems(await caches.open(SAVED_CACHE));
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  return { items, usage: estimate?.usage ?? null, quota: estimate?.quota ?? null };
}

/**
 * 'Descargas' (issue #18): what this device keeps for offline use, each item's size, the device's
 * storage estimate, and delete. What is saved lives in the browser, so the list is read there;
 * without JavaScript nothing can be saved, and the page says so.
 */
export default function Downloads() {
  const { t, i18n } = useTranslation("downloads");
  const hydrated = useHydrated();
  const [state, setState] = useState<Listing | null>(null);
  const [notice, setNotice] = useState("");

  useEffect(() => {
    if (offlineSupported()) void listing().then(setState, () => setState({ items: [], usage: null, quota: null }));
  }, []);

  const remove = async (item: SavedItem) => {
    const { deleteSaved } = await import("~/offline/save");
    await deleteSaved(item.id);
    setState(await listing());
    setNotice(t("deleted"));
  };

  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  return (
    <main id="main" className="page downloads">
      <h1>{t("common:app.downloads")}</h1>
      <p>{t("intro")}</p>
      <p className="empty-state no-script">{t("noScript")}</p>
      {hydrated && !offlineSupported() ? <p className="empty-state">{t("unsupported")}</p> : null}
      {state ? (
        <>
          {state.items.length === 0 ? (
            <p className="empty-state">{t("empty")}</p>
          ) : (
            <ul className="downloads-list">
              {state.items.map((item) => (
                <li key={item.id}>
                  {/* A document load, which the service worker answers from the saved copy offline. */}
                  <a href={item.url} className="downloads-title">
                    {item.title}
                  </a>
                  <span className="downloads-meta">
                    {size(item.bytes)} · {formatDate(item.savedAt, i18n.language)}
                  </span>
                  <button
                    type="button"
                    className="button-small"
                    aria-label={t("deleteLabel", { title: item.title })}
                    onClick={() => void remove(item)}
                  >
                    {t("delete")}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {/* The estimate counts the app's own files too: beside 'nothing saved' it read as a contradiction. */}
          {state.items.length > 0 && state.usage !== null && state.quota !== null ? (
            <p className="downloads-storage">{t("storage", { used: size(state.usage), quota: size(state.quota) })}</p>
          ) : null}
        </>
      ) : null}
      <p role="status" className="downloads-notice">
        {notice}
      </p>
    </main>
  );
}
