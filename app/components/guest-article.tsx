import { useTranslation } from "~/lib/i18n/use-translation";
import { NoAccountHelp } from "./no-account-help";

/** A guest page of the academy: a title and paragraphs, all from the locale files. */
export function GuestArticle({ page }: { page: "about" | "insiders" | "partners" }) {
  const { t } = useTranslation();
  const paragraphs = t(`guest:${page}.body`, { returnObjects: true }) as string[];
  return (
    <main id="main" className="page page-narrow guest-article">
      <h1>{t(`guest:${page}.title`)}</h1>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {page === "about" ? <LevelsList /> : null}
      <NoAccountHelp />
    </main>
  );
}

function LevelsList() {
  const { t } = useTranslation();
  const levels = t("guest:levels", { returnObjects: true }) as Array<{ name: string; text: string }>;
  return (
    <ol className="levels-list">
      {levels.map((level) => (
        <li key={level.name}>
          <strong>{level.name}</strong>: {level.text}
        </li>
      ))}
    </ol>
  );
}
