// Every kind's player for the server's HTML: in the browser this module is empty and each player
// is a chunk of its own, loaded for the kind a page shows (activity-player.tsx, decision 027). The
// forms without JavaScript are rendered by the server alone.
export { ExternalLinkPlayer } from "./external-link-player";
export { ImagePlayer } from "./image-player";
export { MediaElementPlayer } from "./media-element-player";
export { PdfPlayer } from "./pdf-player";
export { PlainProgress } from "./plain-progress";
export { ScormPlayer } from "./scorm-player";
