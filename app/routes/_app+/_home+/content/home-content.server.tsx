// Home's page for the server's HTML: in the browser this module is empty and the page is a chunk
// of its own, loaded when home shows without a dialog over it (routes/_app+/_home+/_layout.tsx, decision 027).
import { DrawnActivityCard } from "~/components/learning/cards.server";
import { DrawnWelcomeBlock } from "~/components/learning/welcome-block.server";
import { type HomeData, HomeContent as Content } from "./home-content";

/** The browser keeps this HTML as it is until the chunk replaces it (decision 074). */
export function HomeContent(props: { data: HomeData; contactFooter: boolean }) {
  return <Content {...props} Welcome={DrawnWelcomeBlock} Card={DrawnActivityCard} />;
}
