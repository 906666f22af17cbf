import enCommon from "./en/common.json";
import esCommon from "./es/common.json";

export const resources = {
  es: { common: esCommon },
  en: { common: enCommon },
};
