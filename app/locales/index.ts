import enCommon from "./en/common.json";
import enEngagement from "./en/engagement.json";
import enLearning from "./en/learning.json";
import esCommon from "./es/common.json";
import esEngagement from "./es/engagement.json";
import esLearning from "./es/learning.json";

/** One namespace per area of the app; every namespace exists in both languages. */
export const resources = {
  es: { common: esCommon, learning: esLearning, engagement: esEngagement },
  en: { common: enCommon, learning: enLearning, engagement: enEngagement },
};
