import enAccessibility from "./en/accessibility.json";
import enCommon from "./en/common.json";
import enEngagement from "./en/engagement.json";
import enLearning from "./en/learning.json";
import enLeader from "./en/leader.json";
import enPlayer from "./en/player.json";
import esAccessibility from "./es/accessibility.json";
import esCommon from "./es/common.json";
import esEngagement from "./es/engagement.json";
import esLearning from "./es/learning.json";
import esLeader from "./es/leader.json";
import esPlayer from "./es/player.json";

/** One namespace per area of the app; every namespace exists in both languages. */
export const resources = {
  es: { common: esCommon, learning: esLearning, player: esPlayer, engagement: esEngagement, leader: esLeader, accessibility: esAccessibility },
  en: { common: enCommon, learning: enLearning, player: enPlayer, engagement: enEngagement, leader: enLeader, accessibility: enAccessibility },
};
