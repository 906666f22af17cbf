import { Form, useLocation } from "@remix-run/react";
import { keepDraftsForLanguageSwitch } from "~/lib/draft-keepers";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useHydrated } from "~/lib/use-hydrated";
import { useRootData } from "~/lib/use-root-data";

/**
 * The language selector of spec §2: plain text when only one language exists, otherwise a
 * dropdown posted to /set-language (works without JavaScript; with it, it posts on change).
 * Always a full document load: a page carries only its language's strings (root's Layout), so
 * a form being filled in keeps its values for the new document (`useDirtyForm`).
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const location = useLocation();
  const root = useRootData();
  const hydrated = useHydrated();
  const locale = root?.locale ?? "es";
  const languages = root?.languages ?? [locale];
  if (languages.length < 2) {
    return <span className="language-single">{t(`language.${locale}`)}</span>;
  }
  return (
    <Form method="post" action="/set-language" className="language-select" reloadDocument onSubmit={keepDraftsForLanguageSwitch}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor="language-select" className="visually-hidden">
        {t("language.label")}
      </label>
      <select
        id="language-select"
        name="lng"
        defaultValue={locale}
        key={locale}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`language.${lng}`)}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="button-small">
          {t("language.change")}
        </button>
      )}
    </Form>
  );
}
