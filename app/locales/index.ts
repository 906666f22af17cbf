import enAccessibility from "./en/accessibility.json";
import enCommon from "./en/common.json";
import enDownloads from "./en/downloads.json";
import enEdge from "./en/edge.json";
import enEngagement from "./en/engagement.json";
import enGuest from "./en/guest.json";
import enHelp from "./en/help.json";
import enLeader from "./en/leader.json";
import enLearning from "./en/learning.json";
import enOffline from "./en/offline.json";
import enOnboarding from "./en/onboarding.json";
import enPlayer from "./en/player.json";
import enProfile from "./en/profile.json";
import enSearch from "./en/search.json";
import enServer from "./en/server.json";
import esAccessibility from "./es/accessibility.json";
import esCommon from "./es/common.json";
import esDownloads from "./es/downloads.json";
import esEdge from "./es/edge.json";
import esEngagement from "./es/engagement.json";
import esGuest from "./es/guest.json";
import esHelp from "./es/help.json";
import esLeader from "./es/leader.json";
import esLearning from "./es/learning.json";
import esOffline from "./es/offline.json";
import esOnboarding from "./es/onboarding.json";
import esPlayer from "./es/player.json";
import esProfile from "./es/profile.json";
import esSearch from "./es/search.json";
import esServer from "./es/server.json";

/**
 * One namespace per area of the app; every namespace exists in both languages. `edge`: the pages
 * the HTTP server answers with before Remix (server/refusal.ts); `server`: what only loaders and
 * actions read (toasts, replies, the manifest), which no route declares, so no document carries it.
 */
export const resources = {
  es: {
    common: esCommon,
    learning: esLearning,
    player: esPlayer,
    engagement: esEngagement,
    profile: esProfile,
    onboarding: esOnboarding,
    leader: esLeader,
    accessibility: esAccessibility,
    edge: esEdge,
    guest: esGuest,
    help: esHelp,
    server: esServer,
    offline: esOffline,
    downloads: esDownloads,
    search: esSearch,
  },
  en: {
    common: enCommon,
    learning: enLearning,
    player: enPlayer,
    engagement: enEngagement,
    profile: enProfile,
    onboarding: enOnboarding,
    leader: enLeader,
    accessibility: enAccessibility,
    edge: enEdge,
    guest: enGuest,
    help: enHelp,
    server: enServer,
    offline: enOffline,
    downloads: enDownloads,
    search: enSearch,
  },
};

export type Namespace = keyof (typeof resources)["es"];
