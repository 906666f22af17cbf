import { LRUCache } from "lru-cache";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useSaveData } from "~/lib/save-data";
import { drawStatic } from "~/lib/static-markup.server";
import { ActivityCard, type ActivityCardProps } from "./cards";

/** What is inside each card drawn, by language, strings, data saver and props: a card is ~1 kB, 2 MiB at most. */
const drawn = new LRUCache<string, string>({
  maxSize: 2 * 1024 * 1024,
  sizeCalculation: (html, key) => html.length + key.length,
});

/** A card's markup without its own element, which opens with the first `>` (its attributes are a class and a state). */
const inside = (card: string) => card.slice(card.indexOf(">") + 1, card.lastIndexOf("</article>"));

/**
 * An activity card as the server's home draws it (decision 074). A card shows the activity as the
 * academy wrote it, the same for every learner who is shown it, and the browser keeps home's server
 * HTML as drawn until home's chunk replaces it: each card is drawn once per language, data saver
 * and props, then put in every home that shows it, inside its own element (cards.server.test.tsx
 * holds it to ActivityCard's).
 */
export function DrawnActivityCard(props: ActivityCardProps) {
  const { i18n } = useTranslation();
  const saveData = useSaveData();
  const key = `${i18n.language}:${i18n.version}:${saveData}:${JSON.stringify(props)}`;
  let html = drawn.get(key);
  if (html === undefined) {
    html = inside(drawStatic(<ActivityCard {...props} />, i18n, saveData));
    drawn.set(key, html);
  }
  return <article className="activity-card" data-status={props.status} dangerouslySetInnerHTML={{ __html: html }} />;
}
