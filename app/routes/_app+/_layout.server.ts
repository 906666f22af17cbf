// The app layout's server-side imports, from one module: the browser build empties each server module, and
// one that several routes import became a ~100-byte chunk of its own on every page (decision 027). The
// layout's parts that the server alone draws are here too: in the browser each dialog is a chunk of its
// own, loaded only on a page that shows it (decision 027), and the links are Remix's own (decision 074).
export { BadgeDialog } from "~/components/badge-dialog";
export { NewsDialog } from "~/components/news-dialog";
export { VrDialog } from "~/components/vr-dialog";
export { requireUser } from "~/infra/auth.server";
export { wantsSaveData } from "~/infra/data-saver.server";
export { withFallback } from "~/infra/form-errors.server";
export { sanitizeLegacyHtml } from "~/infra/sanitize.server";
export { checkBadges } from "~/legacy/badges.server";
export { getUserPoints } from "~/legacy/training.server";
export { checkUpdates } from "~/legacy/user.server";
export { NavPageLink, PageLink } from "~/lib/static-markup.server";
export { vrDialogData } from "~/lib/vr.server";
