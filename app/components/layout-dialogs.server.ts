// The layout's dialogs for the server's HTML: in the browser this module is empty and each dialog
// is a chunk of its own, loaded only on a page that shows it (routes/_app+/_layout.tsx, decision 027).
export { BadgeDialog } from "./badge-dialog";
export { NewsDialog } from "./news-dialog";
export { VrDialog } from "./vr-dialog";
