import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { CheckIcon } from "~/components/icons";
import { SectionPage } from "~/components/section-page";
import { MAX_QUERY_LENGTH, SEARCH_PARAM, searchItems } from "~/domain/search";
import { formatPercent } from "~/lib/format";
import { withStrings } from "~/lib/i18n/load-strings";
import type { I18nHandle } from "~/lib/i18n/namespaces";
import { useTranslation } from "~/lib/i18n/use-translation";
import { pageTitle } from "~/lib/page-title";
import { loadSearch, type SearchResult } from "./search.server";

export const handle = { i18n: ["learning", "search"] } satisfies I18nHandle;
export const clientLoader = withStrings(handle);

export const meta = pageTitle("search:title");

export function loader({ request }: LoaderFunctionArgs) {
  return loadSearch(request);
}

/**
 * Search (issue #29 item 3): a GET form, so it works without JavaScript; with it, the results
 * follow what is typed, filtered in the browser from the items the page came with. An empty query
 * shows the home lists; a query that finds nothing says so and shows them too.
 */
export default function Search() {
  const { query, items, recent, mostViewed } = useLoaderData<typeof loader>();
  const { t } = useTranslation("search");
  const [typed, setTyped] = useState(query);
  const results = searchItems(items, typed);
  const searched = typed.trim() !== "";
  return (
    <SectionPage title={t("title")}>
      <Form method="get" action="/search" role="search" className="search-form">
        <label htmlFor="search-query">{t("label")}</label>
        <div className="search-row">
          <input
            id="search-query"
            type="search"
            name={SEARCH_PARAM}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby="search-hint"
          />
          <button type="submit" className="button button-primary">
            {t("submit")}
          </button>
        </div>
        <p id="search-hint" className="search-hint">
          {t("hint")}
        </p>
      </Form>
      <p className="search-count" role="status">
        {searched ? (results.length > 0 ? t("count", { count: results.length }) : t("none", { query: typed.trim() })) : ""}
      </p>
      {results.length > 0 ? <ResultList results={results} label={t("results")} /> : null}
      {searched && results.length > 0 ? null : (
        <>
          <h2 className="search-suggestions">{t("learning:recent")}</h2>
          <ResultList results={recent} label={t("learning:recent")} />
          <h2 className="search-suggestions">{t("learning:mostViewed")}</h2>
          <ResultList results={mostViewed} label={t("learning:mostViewed")} />
        </>
      )}
    </SectionPage>
  );
}

function ResultList({ results, label }: { results: SearchResult[]; label: string }) {
  const { t } = useTranslation("learning");
  if (results.length === 0) return <p className="search-empty">{t("noResults")}</p>;
  return (
    <ul className="search-results" aria-label={label}>
      {results.map((result) => (
        <li key={`${result.kind} ${result.href} ${result.title}`} className="search-result">
          <Link to={result.href} className="search-result-title">
            {result.title}
          </Link>
          <ResultMeta result={result} />
        </li>
      ))}
    </ul>
  );
}

function ResultMeta({ result }: { result: SearchResult }) {
  const { t, i18n } = useTranslation("search");
  const parts = [
    result.kind === "activity" ? result.typeName : t(result.kind),
    result.routeName,
    result.progress === null ? null : formatPercent(result.progress, i18n.language),
  ].filter(Boolean);
  const status = result.status;
  return (
    <p className="search-result-meta">
      {parts.join(" · ")}
      {status ? (
        <>
          {" · "}
          <span className={`status status-${status}`}>
            {status === "finished" ? <CheckIcon /> : null}
            {status === "comingSoon" ? t("learning:comingSoon") : t(`common:activity.status.${STATUS_KEYS[status]}`)}
          </span>
        </>
      ) : null}
    </p>
  );
}

const STATUS_KEYS = { not_started: "notStarted", started: "started", finished: "finished", locked: "locked" } as const;
