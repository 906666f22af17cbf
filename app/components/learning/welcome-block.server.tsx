import { LRUCache } from "lru-cache";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useSaveData } from "~/lib/save-data";
import { drawStatic } from "~/lib/static-markup.server";
import { type WelcomeBlockData, WelcomeSections } from "./welcome-block";

/** Blocks drawn, by language, strings, data saver and content: a block is ~16 kB, 2 MiB at most. */
const drawn = new LRUCache<string, string>({
  maxSize: 2 * 1024 * 1024,
  sizeCalculation: (html, key) => html.length + key.length,
});

/**
 * The welcome block as the server's home draws it (decision 074). It is the academy's showcases,
 * the same for every learner, and the browser keeps it as drawn until home's chunk replaces it:
 * drawn once per language, data saver and content, then put in every home.
 */
export function DrawnWelcomeBlock({ data }: { data: WelcomeBlockData }) {
  const { i18n } = useTranslation();
  const saveData = useSaveData();
  const key = `${i18n.language}:${i18n.version}:${saveData}:${JSON.stringify(data)}`;
  let html = drawn.get(key);
  if (html === undefined) {
    html = drawStatic(<WelcomeSections data={data} />, i18n, saveData);
    drawn.set(key, html);
  }
  return <div className="welcome-block" dangerouslySetInnerHTML={{ __html: html }} />;
}
